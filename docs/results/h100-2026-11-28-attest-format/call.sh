#!/usr/bin/env bash
# The check after comment and formatting edits to attested GPU sources (6a9d1a4, 6e7b71b; the
# bundle's REVISION): `gpu_run.sh check` (the device, the no-device path, every CUDA plugin's
# conformance, the GPU attestation). A compact bundle less bin/nccl_exchange_probe.
set -u
. scripts/gpu_call_setup.sh check
OUT=$OUT/check timed check 220 bash $B/gpu_run.sh check > $OUT/check/stage.log 2>&1
grep -E "passed|failed|attestation|digest" $OUT/check/stage.log | tail -8; keep
