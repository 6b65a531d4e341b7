#!/usr/bin/env bash
# Call 5 on the GPU machine's host (nothing on the GPU). Issue 33, utf8.md step 19 (the input
# prefetched further ahead on 16 threads?): tbb_row.yaml six times, three sides of cpu_tbb
# alternated by scripts/gpu_ab.sh: step17 (the bundle's: prefetch_distance 2048), ahead8k/
# (8192) and ahead0/ (0: no prefetch ahead). The two variants are builds of one-line edits of
# plugins/host_common/include/parprim/host/prefetch_ahead.hpp, not committed unless kept.
set -u
. scripts/gpu_call_setup.sh host5
D=docs/results/h200host-2026-11-28-utf8-last-byte
OUT=$OUT/host5 timeout 500 bash $B/gpu_ab.sh $D/tbb_row.yaml 2 80 step17=$B/lib/parprim \
  ahead8k=$B/ahead8k ahead0=$B/ahead0
keep
