#!/usr/bin/env bash
# Call 4 on the GPU machine's host (nothing on the GPU). Issue 33, utf8.md step 18 (is
# cpu_tbb's chain of parts the 16-thread floor?): tbb_row.yaml six times, three sides of
# cpu_tbb alternated by scripts/gpu_ab.sh: step17 (the bundle's, 80c3e42), parts256/ (the
# same with 256 KiB parts: utf8_part_bytes = 256u << 10) and no_yield/ (64 KiB parts, the
# chain's wait yielding only after 2^16 pauses instead of 64). The two variants are builds of
# one-line edits, not committed unless kept.
set -u
. scripts/gpu_call_setup.sh host4
D=docs/results/h200host-2026-11-28-utf8-last-byte
OUT=$OUT/host4 timeout 500 bash $B/gpu_ab.sh $D/tbb_row.yaml 2 80 step17=$B/lib/parprim \
  parts256=$B/parts256 no_yield=$B/no_yield
keep
