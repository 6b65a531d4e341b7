#!/usr/bin/env bash
# Call 2, on round 26's code (the bundle's REVISION: replaced units packed as U+FFFD):
# cuda_efficient's [utf8] conformance; the decoding A/B by scripts/gpu_ab.sh, one run a side:
# mends/ (the commit before round 26's code) against round 26; then ascii and latin beside
# thrust's `cub` (decode_cub_2p28.yaml). The bundle is trimmed to the runner, the conformance
# suite, cpu_seq, cuda_efficient and thrust (the tree and the bundle must stay under 64 MiB).
set -u
. scripts/gpu_call_setup.sh conformance ab tables
timed conformance 100 $B/bin/parprim-conformance --require-available \
  --plugins $B/lib/parprim/parprim_plugin_cuda_efficient.so "[utf8]" > $OUT/conformance/utf8.log 2>&1
tail -1 $OUT/conformance/utf8.log; keep
OUT=$OUT/ab bash $B/gpu_ab.sh $B/configs/decode_ab.yaml 1 150 mends=$B/mends r26=$B/lib/parprim
keep
timed tables 150 $B/bin/runner $B/configs/decode_cub_2p28.yaml --no-progress --no-console \
  --json $OUT/tables/decode_cub_2p28.json --markdown $OUT/tables/decode_cub_2p28.md \
  > $OUT/tables/runner.log 2>&1
tail -2 $OUT/tables/runner.log; keep
