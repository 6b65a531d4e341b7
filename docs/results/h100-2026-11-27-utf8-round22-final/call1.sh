#!/usr/bin/env bash
# The final code's call (the bundle's REVISION, round 22b): `gpu_run.sh check` (the device, the
# no-device path, every CUDA plugin's conformance, the GPU attestation), then
# `gpu_run.sh utf8_gpu_large` (decoding and validation of 2^32 + 5 bytes of mixed text with 1%
# errors, checked against the oracle). The repeatability check and the sanitizers ran on this
# same code in ../h100-2026-11-27-utf8-validate-listed (call 2).
set -u
B=bundle
bash $B/unpack_bundle.sh $B
export LD_LIBRARY_PATH=$PWD/$B/lib
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
mkdir -p $OUT/check $OUT/large
keep() { tar czf $OUT/r.tgz -C $OUT check large 2>/dev/null; }
s=$(date +%s)
OUT=$OUT/check timeout 240 bash $B/gpu_run.sh check > $OUT/check/stage.log 2>&1
echo "check: exit $? in $(( $(date +%s) - s )) s"; grep -E "passed|failed|attestation|digest" $OUT/check/stage.log | tail -10; keep
s=$(date +%s)
OUT=$OUT/large timeout 300 bash $B/gpu_run.sh utf8_gpu_large > $OUT/large/stage.log 2>&1
echo "utf8_gpu_large: exit $? in $(( $(date +%s) - s )) s"; tail -12 $OUT/large/stage.log; keep
