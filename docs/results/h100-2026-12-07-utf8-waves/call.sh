#!/usr/bin/env bash
# One call, two measurements of issue 34's decoder (README.md here and in
# ../h100-2026-12-07-utf8-widen-floor/): the widening floor at 2^28 and 2^24, then waves.yaml.
#   carry ["bundle"]: bash docs/results/h100-2026-12-07-utf8-waves/call.sh
set -u
here=docs/results/h100-2026-12-07-utf8-waves
. scripts/gpu_call_setup.sh widen waves
cat $B/REVISION
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > $OUT/widen/device.txt
timed "widen 28" 60 $B/widen_floor 28 > $OUT/widen/2p28.md 2>&1; cat $OUT/widen/2p28.md
timed "widen 24" 60 $B/widen_floor 24 > $OUT/widen/2p24.md 2>&1; cat $OUT/widen/2p24.md
keep
timed waves 240 $B/bin/runner $here/waves.yaml --no-progress --no-console \
  --json $OUT/waves/waves.json --markdown $OUT/waves/waves.md > $OUT/waves/runner.log 2>&1
tail -2 $OUT/waves/runner.log; cat $OUT/waves/waves.md; keep
