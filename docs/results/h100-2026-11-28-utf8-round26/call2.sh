#!/usr/bin/env bash
# Call 2, on round 26's code (the bundle's REVISION: replaced units packed as U+FFFD):
# `gpu_run.sh check` (the device, the no-device path, every CUDA plugin's conformance, the GPU
# attestation); `gpu_run.sh utf8_gpu_checks` for cuda_efficient (1000 runs bitwise the same,
# compute-sanitizer memcheck, racecheck and synccheck over [utf8]); the decoding A/B by
# scripts/gpu_ab.sh, one run a side: mends/ (the commit before round 26's code) against round 26;
# then, in the time left, ascii and latin beside thrust's `cub` (decode_cub_2p28.yaml). A compact
# bundle less bin/nccl_exchange_probe (only the nccl stage runs it).
set -u
start=$(date +%s)
. scripts/gpu_call_setup.sh check checks ab tables
OUT=$OUT/check timed check 220 bash $B/gpu_run.sh check > $OUT/check/stage.log 2>&1
grep -E "passed|failed|attestation|digest" $OUT/check/stage.log | tail -10; keep
UTF8_GPU_PLUGINS=cuda_efficient OUT=$OUT/checks timed utf8_gpu_checks 100 \
  bash $B/gpu_run.sh utf8_gpu_checks > $OUT/checks/stage.log 2>&1
tail -4 $OUT/checks/stage.log
grep -h -E "ERROR SUMMARY|RACECHECK SUMMARY" $OUT/checks/*.log | sort | uniq -c; keep
OUT=$OUT/ab bash $B/gpu_ab.sh $B/configs/decode_ab.yaml 1 150 mends=$B/mends r26=$B/lib/parprim
keep
left=$(( 585 - ($(date +%s) - start) ))
echo "tables: $left s left"
if [ $left -gt 30 ]; then
  timed tables $left $B/bin/runner $B/configs/decode_cub_2p28.yaml --no-progress --no-console \
    --json $OUT/tables/decode_cub_2p28.json --markdown $OUT/tables/decode_cub_2p28.md \
    > $OUT/tables/runner.log 2>&1
  tail -2 $OUT/tables/runner.log
fi
keep
