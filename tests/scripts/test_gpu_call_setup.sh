#!/usr/bin/env bash
# scripts/gpu_call_setup.sh on the CPU (the script is the same on the GPU machine): sourced in a
# repository-shaped folder whose bundle is compacted (a gzipped library) with a stand-in
# nvidia-smi first on PATH, it unpacks the bundle, puts bundle/lib on LD_LIBRARY_PATH, prints the
# card and makes the named folders under $OUT; `keep` tars them into $OUT/r.tgz; `timed` prints
# each step's exit status and returns it (124 for a step cut by its limit; scripts/timed.sh,
# which the script sources from beside itself); `ab_around_gate` (scripts/ab_around_gate.sh)
# runs a stand-in gpu_ab.sh forward, a stand-in gpu_run.sh check, then the A/B reversed, each
# into its folder; without OUT it stops with an error that names OUT.
#   test_gpu_call_setup.sh WORK_DIR
set -euo pipefail
work=$1
here=$(cd "$(dirname "$0")" && pwd)
rm -rf "$work"
mkdir -p "$work/repo/scripts" "$work/repo/bundle/lib" "$work/repo/bundle/bin" "$work/stand_in"
cp "$here/../../scripts/gpu_call_setup.sh" "$here/../../scripts/timed.sh" \
  "$here/../../scripts/ab_around_gate.sh" "$work/repo/scripts/"
cp "$here/../../scripts/unpack_bundle.sh" "$work/repo/bundle/"
echo library > "$work/repo/bundle/lib/libexample.so"
printf '#!/bin/sh\n' > "$work/repo/bundle/bin/runner"
# Stand-ins that say how they were called: the A/B writes its sides' order as the comparison.
printf '#!/bin/sh\nmkdir -p "$OUT"; echo "| $4 then $5 |" > "$OUT/compare_1_2.md"\n' \
  > "$work/repo/bundle/gpu_ab.sh"
printf '#!/bin/sh\necho "conformance: 2 plugins passed, 0 failed"\n' > "$work/repo/bundle/gpu_run.sh"
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
  mkdir -p "$OUT/ab" "$OUT/check"
  ab_around_gate ab.yaml 30 old=dir_a new=dir_b > gate.log
  grep -qx "| old=dir_a then new=dir_b |" "$OUT/ab/forward/compare_1_2.md"
  grep -qx "| new=dir_b then old=dir_a |" "$OUT/ab/reverse/compare_1_2.md"
  grep -q "^check: exit 0 in" "$OUT/check/stage.log"
  grep -q "2 plugins passed" "$OUT/check/stage.log"
  [ "$(grep -c "^| " gate.log)" -eq 2 ]
'
if PATH="$work/stand_in:$PATH" env -u OUT bash -c '. scripts/gpu_call_setup.sh x' \
  > /dev/null 2> no_out.log; then
  echo "gpu_call_setup.sh without OUT should fail"
  exit 1
fi
grep -q "OUT" no_out.log || { cat no_out.log; exit 1; }
echo "gpu_call_setup.sh: unpacked, LD_LIBRARY_PATH, folders, keep, timed, ab_around_gate; no OUT is an error"
