#!/usr/bin/env bash
# On the GPU machine's host (its 16 threads; nothing on the GPU). Issue 35, cpu_sort.md step 24
# (the vector counts' digits read back from memory, which made them 2.9x faster on Zen 4): the
# host's facts, the radix sort's unit tests, then sort_ab.yaml six times, before/ (fb54b0c's
# cpu_seq and cpu_tbb, the session's start) and the bundle's alternated by scripts/gpu_ab.sh,
# numpy's np.sort on the last run's states as shipped and without its AVX-512 code; then one
# run of issue 33's 16-thread decoding row (decoder unchanged since utf8.md step 16).
set -u
. scripts/gpu_call_setup.sh host
D=docs/results/h200host-2026-11-28-count-read-back
lscpu > $OUT/host/host.txt; nproc >> $OUT/host/host.txt
timed unit_tests 90 $B/bin/test_host_common "*radix*,*bucket_chunks*,vector*,*digit*" \
  > $OUT/host/test_host_common.log 2>&1
tail -2 $OUT/host/test_host_common.log
OUT=$OUT/host timeout 400 bash $B/gpu_ab.sh $D/sort_ab.yaml 3 65 before=$B/before \
  after=$B/lib/parprim
keep
timed numpy 60 python3 scripts/numpy_reference.py $OUT/host/ab_6_after.json \
  --out $OUT/host/ab_6_with_numpy.json > $OUT/host/numpy.log 2>&1
timed numpy_avx2 60 python3 scripts/numpy_reference.py $OUT/host/ab_6_with_numpy.json \
  --out $OUT/host/ab_6_with_numpy.json --without-avx512 > $OUT/host/numpy_avx2.log 2>&1
keep
timed tbb_decode 90 $B/bin/runner docs/results/h200host-2026-11-28-split-without-count/tbb_decode.yaml \
  --no-progress --json $OUT/host/tbb_decode.json --markdown $OUT/host/tbb_decode.md \
  > $OUT/host/tbb_decode.log 2>&1
keep
