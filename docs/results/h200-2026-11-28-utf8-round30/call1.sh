#!/usr/bin/env bash
# Call 1, on round 30's code (the bundle's REVISION): cuda_efficient's [utf8] conformance; the
# decoding A/B by scripts/gpu_ab.sh, two runs a side alternated: before/ (round 29b, the
# attested dc66b08's decoder, built at 9f58a80) and round 30 (the bundle's own). Then, for issue
# 35 on this machine's host (docs/results/h200host-2026-11-28-sort/), the host's
# facts, the radix sort's unit tests, and the sort A/B: sortbefore/ (d8628ed's cpu_seq and
# cpu_tbb) and the bundle's (step 18, 7b5fc0f), two runs a side, then numpy's np.sort on the
# last run's states, as shipped and without its AVX-512 code.
set -u
. scripts/gpu_call_setup.sh conformance ab host
timed conformance 120 $B/bin/parprim-conformance --require-available \
  --plugins $B/lib/parprim/parprim_plugin_cuda_efficient.so "[utf8]" > $OUT/conformance/utf8.log 2>&1
tail -1 $OUT/conformance/utf8.log; keep
OUT=$OUT/ab timeout 240 bash $B/gpu_ab.sh $B/configs/decode_ab.yaml 2 110 before=$B/before \
  r30=$B/lib/parprim
keep
lscpu > $OUT/host/host.txt; nproc >> $OUT/host/host.txt
timed unit_tests 60 $B/bin/test_host_common "*radix*,vector*" > $OUT/host/test_host_common.log 2>&1
tail -2 $OUT/host/test_host_common.log
OUT=$OUT/host timeout 200 bash $B/gpu_ab.sh $B/configs/sort_ab.yaml 2 48 before=$B/sortbefore \
  step18=$B/lib/parprim
keep
timed numpy 60 python3 scripts/numpy_reference.py $OUT/host/ab_4_step18.json \
  --out $OUT/host/ab_4_with_numpy.json > $OUT/host/numpy.log 2>&1
timed numpy_avx2 60 python3 scripts/numpy_reference.py $OUT/host/ab_4_with_numpy.json \
  --out $OUT/host/ab_4_with_numpy.json --without-avx512 > $OUT/host/numpy_avx2.log 2>&1
keep
