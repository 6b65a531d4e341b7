#!/usr/bin/env bash
# On the GPU machine's host (its 16 threads; nothing on the GPU). Issue 33, utf8.md step 17
# (the AVX-512 decoder's code points gathered from their last byte): the host's facts, the host
# UTF-8 loops' unit tests, decode_probe.cpp on one thread (before: d13717e's decoder, after:
# the bundle's), in cache (64 KiB) and not (8 MiB), then tbb_ab.yaml six times, before/
# (d13717e's cpu_tbb) and the bundle's alternated by scripts/gpu_ab.sh.
set -u
. scripts/gpu_call_setup.sh host
D=docs/results/h200host-2026-11-28-utf8-last-byte
lscpu > $OUT/host/host.txt; nproc >> $OUT/host/host.txt
timed unit_tests 120 $B/bin/test_host_common "host utf8*" > $OUT/host/test_host_common.log 2>&1
tail -2 $OUT/host/test_host_common.log
chmod +x $B/probe/*
for size in 64 8192; do
  for side in before after; do
    timed probe_${side}_$size 60 $B/probe/decode_probe_$side 30 $size \
      > $OUT/host/probe_${side}_$size.txt 2>&1
  done
done
keep
OUT=$OUT/host timeout 420 bash $B/gpu_ab.sh $D/tbb_ab.yaml 3 70 before=$B/before \
  after=$B/lib/parprim
keep
