#!/usr/bin/env bash
# Call 2, on call 1's machine while warm, with the form call 1 favoured (FORM=R8 or R6, see
# form.sh): `gpu_run.sh check` of that bundle (every CUDA plugin's conformance and, when all
# pass, the GPU attestation of its sources), then round 2 of the A/B with the order turned: the
# kept form, the other form, before/. Call 3 follows with the sanitizers and issue 35's status.
# (Prepared as one call at 2d6df6a; split in two on 12-07: check, both A/B rounds, the
# sanitizers and the status together ran past a call's 600 s.)
#   run carry ["bundle", ".device"], command: FORM=R8 bash docs/results/h100-2026-12-06-utf8-round34/call2.sh
set -u
. docs/results/h100-2026-12-06-utf8-round34/form.sh
. scripts/gpu_call_setup.sh check ab2
OUT=$OUT/check timed check 220 bash $B/gpu_run.sh check > $OUT/check/stage.log 2>&1
grep -E "passed|failed|attestation|digest" $OUT/check/stage.log | tail -8; keep
OUT=$OUT/ab2 timed ab_round2 300 bash $B/gpu_ab.sh docs/results/h100-2026-12-06-utf8-round32/ab.yaml \
  1 95 $FORM=$B/lib/parprim $OTHER before=.device/before
keep
