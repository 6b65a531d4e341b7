#!/usr/bin/env bash
# Round 37's A/B and the gate of its code in one call (utf8_gpu.md, item 47): the bundle is the
# tree with the write-out's streaming stores; beside it the attested plugin (bundle/r37_attested,
# cuda_efficient from a bundle of the attested sources, digest 109d856447bf4bc9).
#   1. A/B of ab.yaml, two rounds, the order turned: attested, stcs (the bundle's own);
#   2. gpu_run.sh check of the bundle: every CUDA plugin's conformance and the attestation of
#      this code (kept in the tree only if the A/B keeps it).
# Made by the README's Reproduce; run with carry ["bundle"]:
#   bash docs/results/h100-2026-12-07-utf8-round37/call.sh
set -u
here=docs/results/h100-2026-12-07-utf8-round37
. scripts/gpu_call_setup.sh forward reverse check
cat $B/REVISION
OUT=$OUT/forward bash $B/gpu_ab.sh $here/ab.yaml 1 90 \
  attested=$B/r37_attested stcs=$B/lib/parprim; keep
OUT=$OUT/reverse bash $B/gpu_ab.sh $here/ab.yaml 1 90 \
  stcs=$B/lib/parprim attested=$B/r37_attested; keep
OUT=$OUT/check timed check 240 bash $B/gpu_run.sh check > $OUT/check/stage.log 2>&1
grep -E "passed|failed|attestation|digest" $OUT/check/stage.log | tail -8; keep
