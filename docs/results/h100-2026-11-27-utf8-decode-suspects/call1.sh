#!/usr/bin/env bash
# Call 1, on round 21's code (the bundle's REVISION): cuda_efficient's [utf8] conformance; the
# A/B by scripts/gpu_ab.sh, one run a side, round20/ (ea81104's cuda_efficient) against round
# 21; then `gpu_run.sh utf8_gpu_checks` for cuda_efficient (the repeatability check and
# compute-sanitizer over [utf8]). The bundle is trimmed to the runner, the conformance suite,
# cpu_seq and cuda_efficient (the working tree and the bundle must stay under 64 MiB), so the
# attestation's `check` comes in a call of its own.
set -u
B=bundle
bash $B/unpack_bundle.sh $B
export LD_LIBRARY_PATH=$PWD/$B/lib
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
mkdir -p $OUT/ab $OUT/conformance $OUT/checks
keep() { tar czf $OUT/r.tgz -C $OUT ab conformance checks 2>/dev/null; }
s=$(date +%s)
timeout 150 $B/bin/parprim-conformance --require-available \
  --plugins $B/lib/parprim/parprim_plugin_cuda_efficient.so "[utf8]" > $OUT/conformance/utf8.log 2>&1
echo "conformance: exit $? in $(( $(date +%s) - s )) s"; tail -2 $OUT/conformance/utf8.log; keep
OUT=$OUT/ab bash $B/gpu_ab.sh $B/configs/decode_ab.yaml 1 200 round20=$B/round20 round21=$B/lib/parprim
keep
s=$(date +%s)
UTF8_GPU_PLUGINS=cuda_efficient OUT=$OUT/checks timeout 120 bash $B/gpu_run.sh utf8_gpu_checks > $OUT/checks/stage.log 2>&1
echo "utf8_gpu_checks: exit $? in $(( $(date +%s) - s )) s"; tail -4 $OUT/checks/stage.log
grep -h -E "ERROR SUMMARY|RACECHECK SUMMARY" $OUT/checks/*.log | sort | uniq -c; keep
