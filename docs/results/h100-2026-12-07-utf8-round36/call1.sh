#!/usr/bin/env bash
# Round 36's A/B (utf8_gpu.md, item 46): the attested encoder (256 threads, 5 blocks an SM; the
# bundle's own plugin) against the same code with blocks of 128 threads (10 an SM) and of 64
# threads (20 an SM), built by make_sides.sh and carried beside the bundle as bundle/r36_b128 and
# bundle/r36_b64. Two rounds, the order turned in the second, each run bounded to 95 s; then
# issue 34's rows for the attested code (../h100-2026-12-07-utf8-status) until DEADLINE s (585).
#   bash scripts/bundle.sh --compact   # or the bundle of 2ae1ff0 as it is
#   bash docs/results/h100-2026-12-07-utf8-round36/make_sides.sh /tmp/r36/sides
#   cp -r /tmp/r36/sides/b128 bundle/r36_b128; cp -r /tmp/r36/sides/b64 bundle/r36_b64
#   bash scripts/device_tree.sh stage h100-2026-12-07-utf8-round36 h100-2026-12-07-utf8-status
#   carry ["bundle"]: bash docs/results/h100-2026-12-07-utf8-round36/call1.sh
set -u
start=$(date +%s)
here=docs/results/h100-2026-12-07-utf8-round36
status_here=docs/results/h100-2026-12-07-utf8-status
. scripts/gpu_call_setup.sh forward reverse
cat $B/REVISION
OUT=$OUT/forward bash $B/gpu_ab.sh $here/ab.yaml 1 95 \
  attested=$B/lib/parprim b128=$B/r36_b128 b64=$B/r36_b64; keep
OUT=$OUT/reverse bash $B/gpu_ab.sh $here/ab.yaml 1 95 \
  b64=$B/r36_b64 b128=$B/r36_b128 attested=$B/lib/parprim; keep
# Then issue 34's rows for the attested code, in the time left (its records under status/).
OUT=$OUT/status LEFT=$((${DEADLINE:-585} - ($(date +%s) - start))) bash $status_here/call.sh
