#!/usr/bin/env bash
# The gate again after the review's mend of host_memory.hpp's comment (an attested source, so
# its digest changed): `gpu_run.sh check` of the bundle of the mended tree, every CUDA plugin's
# conformance and, when all pass, the attestation.
#   run carry ["bundle"], command: bash docs/results/gpuhost-2026-12-07-host-array/call2.sh
set -u
. scripts/gpu_call_setup.sh check2
cat $B/REVISION > $OUT/check2/revision.txt
OUT=$OUT/check2 timed check 200 bash $B/gpu_run.sh check > $OUT/check2/stage.log 2>&1
grep -E "plugins passed|failed, [1-9]|attestation|digest" $OUT/check2/stage.log | tail -7
keep
