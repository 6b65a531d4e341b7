#!/usr/bin/env bash
# Round 36's A/B and the gate of its b128 side in one call (call1.sh found no machine in 13
# tries, and the device time left held one call): the bundle is the tree with the encoder's
# block of 128 threads (its GPU sources digest 4e262782b13f1fae); beside it the attested
# encoder's plugin (bundle/r36_attested, the bundle of 2ae1ff0's). b64 left out: the time left
# held the decision between the attested code and b128, and its gate, not a third side.
#   1. A/B of ab.yaml, two rounds, the order turned: attested, b128 (the bundle's own);
#   2. gpu_run.sh check of the bundle: every CUDA plugin's conformance and the attestation of
#      the b128 code (kept in the tree only if the A/B keeps it);
#   3. until DEADLINE s (585), issue 34's rows (../h100-2026-12-07-utf8-status) on the bundle's
#      plugins, the decoder and validator being the attested ones.
#   make the b128 tree (lookback_encode.cuh: 128 threads, 10 blocks an SM), then
#   bash scripts/bundle.sh --compact
#   cp -r /tmp/r36/sides/attested bundle/r36_attested
#   bash scripts/device_tree.sh stage h100-2026-12-07-utf8-round36 h100-2026-12-07-utf8-status
#   carry ["bundle"]: DEADLINE=340 bash docs/results/h100-2026-12-07-utf8-round36/call2.sh
set -u
start=$(date +%s)
here=docs/results/h100-2026-12-07-utf8-round36
status_here=docs/results/h100-2026-12-07-utf8-status
. scripts/gpu_call_setup.sh forward reverse check
cat $B/REVISION
OUT=$OUT/forward bash $B/gpu_ab.sh $here/ab.yaml 1 80 \
  attested=$B/r36_attested b128=$B/lib/parprim; keep
OUT=$OUT/reverse bash $B/gpu_ab.sh $here/ab.yaml 1 80 \
  b128=$B/lib/parprim attested=$B/r36_attested; keep
OUT=$OUT/check timed check 200 bash $B/gpu_run.sh check > $OUT/check/stage.log 2>&1
grep -E "passed|failed|attestation|digest" $OUT/check/stage.log | tail -8; keep
OUT=$OUT/status LEFT=$((${DEADLINE:-585} - ($(date +%s) - start))) bash $status_here/call.sh
