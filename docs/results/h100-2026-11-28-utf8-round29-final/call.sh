#!/usr/bin/env bash
# The final code's call (the bundle's REVISION: the decoder of rounds 26, 29 and 29b, the
# validator of round 23): `gpu_run.sh check` (the device, the no-device path, every CUDA plugin's conformance, the
# GPU attestation); `gpu_run.sh utf8_gpu_checks` for cuda_efficient (1000 runs bitwise the same,
# compute-sanitizer memcheck, racecheck and synccheck over [utf8]); the 2^28 decoding and
# validation table beside CUB's pipeline (utf8_decode_2p28.yaml); then, in the time left,
# `gpu_run.sh utf8_gpu_large` (2^32 + 5 bytes decoded and validated, against the oracle).
# A compact bundle less bin/nccl_exchange_probe (only the nccl stage runs it).
set -u
start=$(date +%s)
. scripts/gpu_call_setup.sh check checks tables large
OUT=$OUT/check timed check 220 bash $B/gpu_run.sh check > $OUT/check/stage.log 2>&1
grep -E "passed|failed|attestation|digest" $OUT/check/stage.log | tail -10; keep
UTF8_GPU_PLUGINS=cuda_efficient OUT=$OUT/checks timed utf8_gpu_checks 100 \
  bash $B/gpu_run.sh utf8_gpu_checks > $OUT/checks/stage.log 2>&1
tail -4 $OUT/checks/stage.log
grep -h -E "ERROR SUMMARY|RACECHECK SUMMARY" $OUT/checks/*.log | sort | uniq -c; keep
timed tables 190 $B/bin/runner $B/configs/utf8_decode_2p28.yaml --no-progress --no-console \
  --json $OUT/tables/utf8_decode_2p28.json --markdown $OUT/tables/utf8_decode_2p28.md \
  > $OUT/tables/runner.log 2>&1
tail -2 $OUT/tables/runner.log; keep
left=$((585 - ($(date +%s) - start)))
echo "utf8_gpu_large: $left s left"
if [ $left -gt 30 ]; then
  OUT=$OUT/large timed utf8_gpu_large $left bash $B/gpu_run.sh utf8_gpu_large > $OUT/large/stage.log 2>&1
  tail -12 $OUT/large/stage.log
fi
keep
