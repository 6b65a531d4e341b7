#!/usr/bin/env bash
# Call 2, issue 35's step 19 on the GPU machine's host: the host's facts, the radix sort's unit
# tests, then sort_ab.yaml four times, step18/ (7b5fc0f's cpu_seq and cpu_tbb) and the bundle's
# (step 19: the count of 32-bit keys with AVX-512) alternated by scripts/gpu_ab.sh, then numpy's
# np.sort on the last run's states, as shipped and without its AVX-512 code. Nothing on the GPU.
set -u
. scripts/gpu_call_setup.sh host
lscpu > $OUT/host/host.txt; nproc >> $OUT/host/host.txt
timed unit_tests 60 $B/bin/test_host_common "*radix*,vector*" > $OUT/host/test_host_common.log 2>&1
tail -2 $OUT/host/test_host_common.log
OUT=$OUT/host timeout 200 bash $B/gpu_ab.sh $B/configs/sort_ab.yaml 2 48 step18=$B/step18 \
  step19=$B/lib/parprim
keep
timed numpy 60 python3 scripts/numpy_reference.py $OUT/host/ab_4_step19.json \
  --out $OUT/host/ab_4_with_numpy.json > $OUT/host/numpy.log 2>&1
timed numpy_avx2 60 python3 scripts/numpy_reference.py $OUT/host/ab_4_with_numpy.json \
  --out $OUT/host/ab_4_with_numpy.json --without-avx512 > $OUT/host/numpy_avx2.log 2>&1
keep
