#!/usr/bin/env bash
# Round 39's call (utf8_gpu.md, item 49; README.md), a measurement only: the bundle is built
# from the tree with round39.patch applied (the decoder's look-back four windows a round), the
# attested cuda_efficient (and thrust, for cub's pipeline beside it) in bundle/attested. The
# tree keeps the attested code until a call with the gate lands the patch, so no gate runs here.
#   1. the A/B, attested then four windows (ab.yaml);
#   2. the A/B in the other order.
#   carry ["bundle"]: bash docs/results/h100-2026-12-07-lookback-windows/call.sh
set -u
here=docs/results/h100-2026-12-07-lookback-windows
. scripts/gpu_call_setup.sh ab
cat $B/REVISION | tee $OUT/ab/revision.txt
OUT=$OUT/ab/forward bash $B/gpu_ab.sh $here/ab.yaml 1 120 attested=$B/attested windows=$B/lib/parprim
grep -E "^\|" $OUT/ab/forward/compare_1_2.md | cut -c1-170 | head -40; keep
OUT=$OUT/ab/reverse bash $B/gpu_ab.sh $here/ab.yaml 1 120 windows=$B/lib/parprim attested=$B/attested
grep -E "^\|" $OUT/ab/reverse/compare_1_2.md | cut -c1-170 | head -40; keep
