#!/usr/bin/env bash
# On the GPU machine's host (nothing on the GPU): cpu_sort.md step 35. cpu_tbb's own tests of
# parallel_in_place_sort, tbb_ab.yaml alternated twice between before/ (95f7188's cpu_tbb,
# built in a worktree) and the bundle's (20be4e1), then status.yaml once with numpy beside it.
set -u
. scripts/gpu_call_setup.sh host
R=docs/results/h200host-2026-12-02-step35-rule
{ lscpu; nproc; date -u; } > $OUT/host/host.txt
timed unit_tests 120 $B/bin/test_cpu_tbb_parts "parallel_in_place_sort*" > $OUT/host/test_parts.log 2>&1
tail -2 $OUT/host/test_parts.log
OUT=$OUT/host timeout 300 bash $B/gpu_ab.sh $R/tbb_ab.yaml 2 140 before=$B/before after=$B/lib/parprim
keep
timed status 150 $B/bin/runner $R/status.yaml --plugin-path $B/lib/parprim --no-progress \
  --no-console --json $OUT/host/status.json --markdown $OUT/host/status.md > $OUT/host/status.log 2>&1
timed numpy 60 python3 scripts/numpy_reference.py $OUT/host/status.json \
  --out $OUT/host/status_with_numpy.json > $OUT/host/numpy.log 2>&1
keep
date -u
