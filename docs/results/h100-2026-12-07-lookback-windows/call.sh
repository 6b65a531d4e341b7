#!/usr/bin/env bash
# Round 39's call (utf8_gpu.md, item 49; README.md), 2026-12-08, on the bundle of the tree with
# the decoder's look-back four windows a round (cbc7293), the attested cuda_efficient (and
# thrust, for cub's pipeline beside it) in bundle/attested:
#   1. the A/B, attested then four windows (ab.yaml);
#   2. gpu_run.sh check of the bundle: every CUDA plugin's conformance and, when all pass, the
#      attestation of this code (kept only if the A/B keeps it);
#   3. the A/B in the other order;
#   4. issue 35's status rows on the host (../h200host-2026-12-03-status), as many runs as the
#      call's time leaves (none started after 500 s).
#   carry ["bundle"]: bash docs/results/h100-2026-12-07-lookback-windows/call.sh
set -u
start=$(date +%s)
here=docs/results/h100-2026-12-07-lookback-windows
. scripts/gpu_call_setup.sh ab check status
. docs/results/h200host-2026-12-03-status/status_runs.sh
cat $B/REVISION | tee $OUT/check/revision.txt
ab_around_gate $here/ab.yaml 120 attested=$B/attested windows=$B/lib/parprim
status_runs 8 $start 500
