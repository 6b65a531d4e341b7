#!/usr/bin/env bash
# Call 3, on round 29c's code (the bundle's REVISION): cuda_efficient's [utf8] conformance; the
# decoding A/B by scripts/gpu_ab.sh, one run a side: r29/ (f45d30e), r29b/ (122a0fe: the
# write-out's test of a vector in every tile), then round 29c (the bundle's own: the test only in
# tiles above 98% code points a byte). The bundle is trimmed to the runner, the conformance
# suite, cpu_seq and cuda_efficient.
set -u
. scripts/gpu_call_setup.sh conformance ab
timed conformance 100 $B/bin/parprim-conformance --require-available \
  --plugins $B/lib/parprim/parprim_plugin_cuda_efficient.so "[utf8]" > $OUT/conformance/utf8.log 2>&1
tail -1 $OUT/conformance/utf8.log; keep
OUT=$OUT/ab bash $B/gpu_ab.sh $B/configs/decode_ab.yaml 1 150 r29=$B/r29 r29b=$B/r29b \
  r29c=$B/lib/parprim
keep
