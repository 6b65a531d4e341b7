#!/usr/bin/env bash
# On the GPU machine's host (nothing on the GPU): issue 35's rows with the code after cpu_sort.md
# steps 36-39 (a compact bundle, `bash scripts/bundle.sh --compact`, test_host_common added
# gzipped to bundle/bin; the CUDA, NCCL and course plugins, the NCCL probe and the conformance
# binary removed, so that it travels beside the tree within the device's 64 MiB). The CPU
# plugins' building blocks tested on its AVX-512 cores, then status.yaml three times, each with
# numpy beside it.
set -u
. scripts/gpu_call_setup.sh host
R=docs/results/h200host-2026-12-03-status
{ lscpu; nproc; date -u; cat $B/REVISION; } > $OUT/host/host.txt
timed host_common 60 $B/bin/test_host_common > $OUT/host/test_host_common.log 2>&1
tail -2 $OUT/host/test_host_common.log
keep
for run in 1 2 3; do
  timed status_$run 110 $B/bin/runner $R/status.yaml --plugin-path $B/lib/parprim --no-progress \
    --no-console --json $OUT/host/status_$run.json > $OUT/host/status_$run.log 2>&1
  timed numpy_$run 45 python3 scripts/numpy_reference.py $OUT/host/status_$run.json \
    --out $OUT/host/status_$run.json > $OUT/host/numpy_$run.log 2>&1
  python3 $R/status_rows.py $OUT/host/status_$run.json | tee -a $OUT/host/status_rows.txt
  keep
done
date -u
