#!/usr/bin/env bash
# On the GPU machine's host (nothing on the GPU), after step 42's change: the CPU plugins'
# building blocks tested on its AVX-512 cores, then issue 35's rows (status.yaml of
# ../h200host-2026-12-03-status) three times with numpy beside each. What travels (the tree is
# 56 MiB of the device's 64): probe/host_call3/cpu.tgz, built here from the committed tree, of
# bin/runner, bin/test_host_common, bin/test_cpu_tbb_parts, lib/parprim/ (the cpu_seq and
# cpu_tbb plugins) and lib/ (their shared libraries: TBB, yaml-cpp, fmt, Highway), stripped, and
# REVISION (git describe of the tree they were built from).
#   run carry ["probe/host_call3"], command: bash docs/results/h200host-2026-12-04-split-without-count/call_status.sh
set -u
C=$(mktemp -d)
tar xzf probe/host_call3/cpu.tgz -C "$C"
export LD_LIBRARY_PATH=$C/lib
S=docs/results/h200host-2026-12-03-status
# Its files (more than the 8 that come back) are kept in $OUT/host.tgz after each step.
W=$(mktemp -d)
mkdir -p "$W/host"
keep() { tar czf "$OUT/host.tgz" -C "$W" host; cp "$W/host/status_rows.txt" "$OUT/" 2>/dev/null; }
{ lscpu; nproc; date -u; cat "$C/REVISION"; } > "$W/host/status_host.txt"
. scripts/timed.sh
{
  timed test_host_common 90 "$C/bin/test_host_common"
  timed test_cpu_tbb_parts 120 "$C/bin/test_cpu_tbb_parts"
} > "$W/host/tests.log" 2>&1
grep -E "passed|failed|exit" "$W/host/tests.log"
keep
for run in 1 2 3; do
  timed status_$run 110 "$C/bin/runner" $S/status.yaml --plugin-path "$C/lib/parprim" \
    --no-progress --no-console --json "$W/host/status_$run.json" > "$W/host/status_$run.log" 2>&1
  timed numpy_$run 45 python3 scripts/numpy_reference.py "$W/host/status_$run.json" \
    --out "$W/host/status_$run.json" >> "$W/host/status_$run.log" 2>&1
  python3 $S/status_rows.py "$W/host/status_$run.json" | tee -a "$W/host/status_rows.txt"
  keep
done
date -u
