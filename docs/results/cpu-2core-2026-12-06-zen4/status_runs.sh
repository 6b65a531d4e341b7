#!/usr/bin/env bash
# Issue 35's rows on this machine, three runs: status.yaml of ../cpu-2core-2026-12-01-zen5-tbb-in-place
# (cpu_seq's radix sort and VQSort, cpu_tbb's radix sort on every thread, u32 uniform keys at
# 2^24 and 2^26), each with np.sort as shipped and without its AVX-512 code, and the rows by
# ../h200host-2026-12-03-status/status_rows.py. Run from the repository root after the build:
#   bash docs/results/cpu-2core-2026-12-06-zen4/status_runs.sh OUT_DIR
set -u
out=${1:?the folder for the records}
R=docs/results
mkdir -p "$out"
{ lscpu; date -u; git rev-parse HEAD; } > "$out/host.txt"
for run in 1 2 3; do
  S=$out/status_$run.json
  build/bin/runner $R/cpu-2core-2026-12-01-zen5-tbb-in-place/status.yaml --no-progress \
    --no-console --json "$S" > "$out/status_$run.log" 2>&1
  python3 scripts/numpy_reference.py "$S" --out "$S" >> "$out/status_$run.log" 2>&1
  python3 scripts/numpy_reference.py "$S" --out "$S" --without-avx512 >> "$out/status_$run.log" 2>&1
  python3 $R/h200host-2026-12-03-status/status_rows.py "$S" | tee -a "$out/status_rows.txt"
done
date -u >> "$out/host.txt"
