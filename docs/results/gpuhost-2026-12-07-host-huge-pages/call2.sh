#!/usr/bin/env bash
# The huge-pages change's second call on the GPU machine's host (issue 35): ab_many.yaml with the
# plugins before the change (.device/host_before) and the bundle's (c3936c8, the change), six
# rounds of before, after, after, before: 12 runs a side, so that the host's swings between
# processes (up to 1.7x in call 1) fall on both sides; then the sides' medians (sides_table.py).
#   run carry ["bundle", ".device/host_before"], command:
#   bash docs/results/gpuhost-2026-12-07-host-huge-pages/call2.sh
set -u
. scripts/gpu_call_setup.sh host2
D=docs/results/gpuhost-2026-12-07-host-huge-pages
{ lscpu | grep -E "Model:|Model name"; date -u; cat $B/REVISION; } > $OUT/host2/host.txt
OUT=$OUT/host2/ab timed ab 230 bash $B/gpu_ab.sh $D/ab_many.yaml 6 40 \
  before=.device/host_before after=$B/lib/parprim after_=$B/lib/parprim before_=.device/host_before > $OUT/host2/ab.log 2>&1
keep
python3 $D/sides_table.py $OUT/host2/ab | tee $OUT/host2/table.md
keep
