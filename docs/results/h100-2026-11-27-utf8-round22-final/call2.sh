#!/usr/bin/env bash
# Call 2, after two comments of the GPU sources changed (their SASS is call 1's, byte for byte,
# but the attestation's digest covers the sources): `gpu_run.sh check` again, for the
# attestation of the tree as it is submitted.
set -u
B=bundle
bash $B/unpack_bundle.sh $B
export LD_LIBRARY_PATH=$PWD/$B/lib
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
mkdir -p $OUT/check
s=$(date +%s)
OUT=$OUT/check timeout 200 bash $B/gpu_run.sh check > $OUT/check/stage.log 2>&1
echo "check: exit $? in $(( $(date +%s) - s )) s"; grep -E "passed|failed|attestation|digest" $OUT/check/stage.log | tail -10
tar czf $OUT/r.tgz -C $OUT check
