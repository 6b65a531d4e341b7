#!/usr/bin/env bash
# scripts/gpu_call_setup.sh on the CPU (the script is the same on the GPU machine): sourced in a
# repository-shaped folder whose bundle is compacted (a gzipped library) with a stand-in
# nvidia-smi first on PATH, it unpacks the bundle, puts bundle/lib on LD_LIBRARY_PATH, prints the
# card and makes the named folders under $OUT; `keep` tars them into $OUT/r.tgz; `timed` prints
# each step's exit status and returns it (124 for a step cut by its limit; scripts/timed.sh,
# which the script sources from beside itself); without OUT it stops
# with an error that names OUT.
#   test_gpu_call_setup.sh WORK_DIR
set -euo pipefail
work=$1
here=$(cd "$(dirname "$0")" && pwd)
rm -rf "$work"
mkdir -p "$work/repo/scripts" "$work/repo/bundle/lib" "$work/repo/bundle/bin" "$work/stand_in"
cp "$here/../../scripts/gpu_call_setup.sh" "$here/../../scripts/timed.sh" "$work/repo/scripts/"
cp "$here/../../scripts/unpack_bundle.sh" "$work/repo/bundle/"
echo library > "$work/repo/bundle/lib/libexample.so"
printf '#!/bin/sh\n' > "$work/repo/bundle/bin/runner"
gzip "$work/repo/bundle/lib/libexample.so"
printf '#!/bin/sh\necho "Stand-in GPU, 1.0"\n' > "$work/stand_in/nvidia-smi"
chmod +x "$work/stand_in/nvidia-smi"
cd "$work/repo"
PATH="$work/stand_in:$PATH" OUT="$work/out" bash -c '
  set -eu
  . scripts/gpu_call_setup.sh first second > setup.log
  grep -q "^Stand-in GPU, 1.0$" setup.log
  [ "$LD_LIBRARY_PATH" = "$PWD/bundle/lib" ]
  [ -f bundle/lib/libexample.so ] && [ ! -e bundle/lib/libexample.so.gz ]
  [ -d "$OUT/first" ] && [ -d "$OUT/second" ]
  echo result > "$OUT/first/a.txt"
  keep
  tar tzf "$OUT/r.tgz" | grep -q "^first/a.txt$"
  timed passing 10 true > passing.log
  grep -q "^passing: exit 0 in [0-9]* s$" passing.log
  code=0
  timed failing 10 sh -c "exit 3" > failing.log || code=$?
  [ "$code" -eq 3 ] && grep -q "^failing: exit 3 in [0-9]* s$" failing.log
  code=0
  timed cut 1 sleep 5 > cut.log || code=$?
  [ "$code" -eq 124 ] && grep -q "^cut: exit 124 in" cut.log
'
if PATH="$work/stand_in:$PATH" env -u OUT bash -c '. scripts/gpu_call_setup.sh x' \
  > /dev/null 2> no_out.log; then
  echo "gpu_call_setup.sh without OUT should fail"
  exit 1
fi
grep -q "OUT" no_out.log || { cat no_out.log; exit 1; }
echo "gpu_call_setup.sh: unpacked, LD_LIBRARY_PATH, folders, keep, timed; no OUT is an error"
