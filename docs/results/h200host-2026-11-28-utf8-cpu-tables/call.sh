#!/usr/bin/env bash
# On the GPU machine's host (its 16 threads; nothing on the GPU): issue 33's tables with CPython
# beside, the code of d51aece (utf8.md step 23). ICU is not carried: its data library (12 MB
# gzipped, 7.4 MB by xz) does not fit beside the tree in the call's 64 MiB.
set -u
. scripts/gpu_call_setup.sh host
D=docs/results/h200host-2026-11-28-utf8-cpu-tables
lscpu > $OUT/host/host.txt; nproc >> $OUT/host/host.txt
timed runner 420 $B/bin/runner $D/utf8_host.yaml --plugin-path $B/lib/parprim --no-progress \
  --no-console --json $OUT/host/utf8_host.json --markdown $OUT/host/utf8_host.md \
  > $OUT/host/utf8_host.log 2>&1
tail -1 $OUT/host/utf8_host.log
keep
timed cpython 120 python3 scripts/cpython_reference.py $OUT/host/utf8_host.json \
  --out $OUT/host/utf8_host_cpython.json > $OUT/host/cpython.log 2>&1
tail -1 $OUT/host/cpython.log
keep
