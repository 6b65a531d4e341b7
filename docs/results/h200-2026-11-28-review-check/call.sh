#!/usr/bin/env bash
# The final code's check after the review mends of f905fea (byte_rows.cuh's one clamp,
# row_bits; the kernels' SASS the same length): `gpu_run.sh check` (the device, the no-device
# path, every CUDA plugin's conformance, the GPU attestation), then `gpu_run.sh
# utf8_gpu_checks` for cuda_efficient (1000 runs bitwise the same, compute-sanitizer memcheck,
# racecheck and synccheck over [utf8]). A compact bundle less bin/nccl_exchange_probe.
set -u
. scripts/gpu_call_setup.sh check checks
OUT=$OUT/check timed check 300 bash $B/gpu_run.sh check > $OUT/check/stage.log 2>&1
grep -E "passed|failed|attestation|digest" $OUT/check/stage.log | tail -10; keep
UTF8_GPU_PLUGINS=cuda_efficient OUT=$OUT/checks timed utf8_gpu_checks 150 \
  bash $B/gpu_run.sh utf8_gpu_checks > $OUT/checks/stage.log 2>&1
tail -4 $OUT/checks/stage.log
grep -h -E "ERROR SUMMARY|RACECHECK SUMMARY" $OUT/checks/*.log | sort | uniq -c; keep
