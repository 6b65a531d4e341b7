#!/usr/bin/env bash
# Call 3, issue 35's rows on the GPU machine's host with the session's final code (91ea583's
# cpu_seq and cpu_tbb: steps 18 and 19): sort_ab.yaml twice, each run followed by numpy's
# np.sort on its states (as shipped, then without its AVX-512 code), so that each run carries
# its own anchor. Nothing on the GPU.
set -u
. scripts/gpu_call_setup.sh host
lscpu > $OUT/host/host.txt; nproc >> $OUT/host/host.txt
for i in 1 2; do
  timed run_$i 60 $B/bin/runner $B/configs/sort_ab.yaml --no-progress --no-console \
    --json $OUT/host/status_$i.json > $OUT/host/status_$i.log 2>&1
  timed numpy_$i 60 python3 scripts/numpy_reference.py $OUT/host/status_$i.json \
    --out $OUT/host/status_${i}_numpy.json > $OUT/host/numpy_$i.log 2>&1
  timed numpy_avx2_$i 60 python3 scripts/numpy_reference.py $OUT/host/status_${i}_numpy.json \
    --out $OUT/host/status_${i}_numpy.json --without-avx512 > $OUT/host/numpy_avx2_$i.log 2>&1
  keep
done
