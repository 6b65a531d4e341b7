#!/usr/bin/env bash
# On the GPU machine's host (its 16 threads; nothing on the GPU). Issue 35, cpu_sort.md step
# 21: the host's facts, the radix sort's unit tests, then sort_ab.yaml four times, before/
# (3e4a84a's cpu_seq and cpu_tbb: the counted split) and the bundle's (f6cc836: both split a
# keys-only array without its count) alternated by scripts/gpu_ab.sh, then numpy's np.sort on
# the last run's states, as shipped and without its AVX-512 code. Then issue 33's row:
# tbb_decode.yaml twice (cpu_tbb decoding at 2^28 on 16 threads against the run's copy).
set -u
. scripts/gpu_call_setup.sh host
D=docs/results/h200host-2026-11-28-split-without-count
lscpu > $OUT/host/host.txt; nproc >> $OUT/host/host.txt
timed unit_tests 90 $B/bin/test_host_common "*radix*,*bucket_chunks*,vector*" \
  > $OUT/host/test_host_common.log 2>&1
tail -2 $OUT/host/test_host_common.log
OUT=$OUT/host timeout 240 bash $B/gpu_ab.sh $D/sort_ab.yaml 2 55 before=$B/before \
  after=$B/lib/parprim
keep
timed numpy 60 python3 scripts/numpy_reference.py $OUT/host/ab_4_after.json \
  --out $OUT/host/ab_4_with_numpy.json > $OUT/host/numpy.log 2>&1
timed numpy_avx2 60 python3 scripts/numpy_reference.py $OUT/host/ab_4_with_numpy.json \
  --out $OUT/host/ab_4_with_numpy.json --without-avx512 > $OUT/host/numpy_avx2.log 2>&1
keep
for i in 1 2; do
  timed utf8_$i 120 $B/bin/runner $D/tbb_decode.yaml --plugin-path $B/lib/parprim \
    --no-progress --no-console --json $OUT/host/utf8_$i.json --markdown $OUT/host/utf8_$i.md \
    > $OUT/host/utf8_$i.log 2>&1
  keep
done
