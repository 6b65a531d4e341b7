#!/usr/bin/env bash
# On the GPU machine's host (its 16 threads; nothing on the GPU). Issue 35, cpu_sort.md steps
# 21-23 with the session's final sort code: the host's facts, the radix sort's unit tests, then
# sort_ab.yaml six times, before/ (3e4a84a's cpu_seq and cpu_tbb, the session's start) and the
# bundle's alternated by scripts/gpu_ab.sh, then numpy's np.sort on the last run's states, as
# shipped and without its AVX-512 code, and again on the fourth run's.
set -u
. scripts/gpu_call_setup.sh host
D=docs/results/h200host-2026-11-28-sort-steps21-23
lscpu > $OUT/host/host.txt; nproc >> $OUT/host/host.txt
timed unit_tests 90 $B/bin/test_host_common "*radix*,*bucket_chunks*,vector*" \
  > $OUT/host/test_host_common.log 2>&1
tail -2 $OUT/host/test_host_common.log
OUT=$OUT/host timeout 330 bash $B/gpu_ab.sh $D/sort_ab.yaml 3 55 before=$B/before \
  after=$B/lib/parprim
keep
for i in 4 6; do
  timed numpy_$i 60 python3 scripts/numpy_reference.py $OUT/host/ab_${i}_after.json \
    --out $OUT/host/ab_${i}_with_numpy.json > $OUT/host/numpy_$i.log 2>&1
  timed numpy_avx2_$i 60 python3 scripts/numpy_reference.py $OUT/host/ab_${i}_with_numpy.json \
    --out $OUT/host/ab_${i}_with_numpy.json --without-avx512 > $OUT/host/numpy_avx2_$i.log 2>&1
  keep
done
