#!/usr/bin/env bash
# On the GPU machine's host (its 16 threads; nothing on the GPU). utf8.md step 23 (ill-formed
# units listed by their ends; the loop's constants loaded): the block decoder's probe on one
# thread (decode_probe.cpp of the step 17 folder, built statically here from aab8bb7's headers:
# probe/before; d51aece's: probe/after; d51aece's with without_loaded_constants.diff applied:
# probe/noconst), 64 KiB in cache, best of 300, three rounds alternated, then 8 MiB, best of 10;
# then issue 33's row (tbb_row.yaml of the step 17 folder: cpu_tbb, 16 threads, 2^28, every
# mix) alternated twice by scripts/gpu_ab.sh: before/ (aab8bb7's cpu_tbb) and the bundle's
# (d51aece's).
set -u
. scripts/gpu_call_setup.sh host
lscpu > $OUT/host/host.txt; nproc >> $OUT/host/host.txt
chmod +x $B/probe/*
for r in 1 2 3; do
  for side in before after noconst; do
    timed probe_${r}_$side 30 $B/probe/$side 300 64 > $OUT/host/probe_${r}_$side.txt 2>&1
  done
done
for side in before after noconst; do
  timed probe_8m_$side 60 $B/probe/$side 10 8192 > $OUT/host/probe_8m_$side.txt 2>&1
done
keep
OUT=$OUT/host timeout 300 bash $B/gpu_ab.sh docs/results/h200host-2026-11-28-utf8-last-byte/tbb_row.yaml \
  2 70 before=$B/before ends=$B/lib/parprim
keep
