#!/usr/bin/env bash
# Call 1, on round 27's code (the bundle's REVISION: the decoder's bytewise test listed):
# cuda_efficient's [utf8] conformance; the decoding A/B by scripts/gpu_ab.sh, one run a side:
# r26/ (d7465ab's cuda_efficient, round 26) against round 27; then the validation A/B of the mixes
# the listed test serves. The bundle is trimmed to the runner, the conformance suite, cpu_seq and
# cuda_efficient.
set -u
. scripts/gpu_call_setup.sh conformance ab ab_validate
timed conformance 100 $B/bin/parprim-conformance --require-available \
  --plugins $B/lib/parprim/parprim_plugin_cuda_efficient.so "[utf8]" > $OUT/conformance/utf8.log 2>&1
tail -1 $OUT/conformance/utf8.log; keep
OUT=$OUT/ab bash $B/gpu_ab.sh $B/configs/decode_ab.yaml 1 150 r26=$B/r26 r27=$B/lib/parprim
keep
OUT=$OUT/ab_validate bash $B/gpu_ab.sh $B/configs/validate_ab.yaml 1 100 r26=$B/r26 r27=$B/lib/parprim
keep
