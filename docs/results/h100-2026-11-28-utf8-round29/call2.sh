#!/usr/bin/env bash
# Call 2, on round 29b's code (the bundle's REVISION): cuda_efficient's [utf8] conformance; the
# decoding A/B by scripts/gpu_ab.sh, one run a side: before/ (round 26's decoder, b0041ba),
# r29/ (f45d30e: the input's end tested once a lane's row), then round 29b (the bundle's own:
# one test a vector before the write-out's steps). The bundle is trimmed to the runner, the
# conformance suite, cpu_seq and cuda_efficient.
set -u
. scripts/gpu_call_setup.sh conformance ab
timed conformance 100 $B/bin/parprim-conformance --require-available \
  --plugins $B/lib/parprim/parprim_plugin_cuda_efficient.so "[utf8]" > $OUT/conformance/utf8.log 2>&1
tail -1 $OUT/conformance/utf8.log; keep
OUT=$OUT/ab bash $B/gpu_ab.sh $B/configs/decode_ab.yaml 1 150 before=$B/before r29=$B/r29 \
  r29b=$B/lib/parprim
keep
