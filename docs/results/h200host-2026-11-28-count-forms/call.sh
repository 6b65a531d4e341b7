#!/usr/bin/env bash
# On the GPU machine's host (its 16 threads; nothing on the GPU). Issue 35, cpu_sort.md step 25
# (each vendor's form of the vector counts, chosen at run time): the host's facts, the radix
# sort's unit tests (both forms), then sort_ab.yaml six times, three sides alternated by
# scripts/gpu_ab.sh: before/ (fb54b0c's cpu_seq and cpu_tbb: GCC's extracts on every CPU),
# read_back/ (6c82555's: the digits read back from memory on every CPU) and the bundle's (the
# form by vendor: extracts here); then numpy's np.sort on the last run's states.
set -u
. scripts/gpu_call_setup.sh host
D=docs/results/h200host-2026-11-28-count-forms
lscpu > $OUT/host/host.txt; nproc >> $OUT/host/host.txt
timed unit_tests 90 $B/bin/test_host_common "*radix*,*bucket_chunks*,vector*,*digit*" \
  > $OUT/host/test_host_common.log 2>&1
tail -2 $OUT/host/test_host_common.log
OUT=$OUT/host timeout 330 bash $B/gpu_ab.sh $D/sort_ab.yaml 2 65 before=$B/before \
  read_back=$B/read_back by_vendor=$B/lib/parprim
keep
timed numpy 60 python3 scripts/numpy_reference.py $OUT/host/ab_6_by_vendor.json \
  --out $OUT/host/ab_6_with_numpy.json > $OUT/host/numpy.log 2>&1
timed numpy_avx2 60 python3 scripts/numpy_reference.py $OUT/host/ab_6_with_numpy.json \
  --out $OUT/host/ab_6_with_numpy.json --without-avx512 > $OUT/host/numpy_avx2.log 2>&1
keep
