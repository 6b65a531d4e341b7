#!/usr/bin/env bash
# Call 3 on the GPU machine's host (nothing on the GPU). Issue 33, utf8.md step 17: is one
# thread's decoding bound by the core here, and do 16 threads share cores? decode_probe in cache
# (64 KiB, 3000 runs, the best) on one thread, before and after alternated twice; then the
# after probe as 2, 8 and 16 copies at once, each pinned to its own CPU (taskset), to compare
# each copy's ns a byte with one thread's.
set -u
. scripts/gpu_call_setup.sh host3
chmod +x $B/probe/*
P=$B/probe/decode_probe_
for round in 1 2; do
  for side in before after; do
    timed probe_${side}_$round 60 taskset -c 0 ${P}$side 3000 64 > $OUT/host3/one_${side}_$round.txt 2>&1
  done
done
keep
for cpus in "0 1" "0 8" "0 1 2 3 4 5 6 7" "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15"; do
  name=$(echo $cpus | tr ' ' '_')
  for c in $cpus; do
    taskset -c $c ${P}after 3000 64 > $OUT/host3/at_once_${name}_cpu$c.txt 2>&1 &
  done
  wait
  echo "at once on CPUs $cpus: done"
done
keep
