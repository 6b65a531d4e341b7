#!/usr/bin/env bash
# Call 2, on round 22b's code (the bundle's REVISION; 5 blocks an SM): cuda_efficient's [utf8]
# conformance; the A/B by scripts/gpu_ab.sh, one run a side: round21/ (618de8e's
# cuda_efficient, round 21's kernels) against round 22b, validate_ab.yaml as in call 1; then
# `gpu_run.sh utf8_gpu_checks` for cuda_efficient.
set -u
B=bundle
bash $B/unpack_bundle.sh $B
export LD_LIBRARY_PATH=$PWD/$B/lib
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
mkdir -p $OUT/ab $OUT/conformance $OUT/checks
keep() { tar czf $OUT/r.tgz -C $OUT ab conformance checks 2>/dev/null; }
timeout 100 $B/bin/parprim-conformance --require-available \
  --plugins $B/lib/parprim/parprim_plugin_cuda_efficient.so "[utf8]" > $OUT/conformance/utf8.log 2>&1
echo "conformance: exit $?"; tail -1 $OUT/conformance/utf8.log; keep
OUT=$OUT/ab bash $B/gpu_ab.sh $B/configs/validate_ab.yaml 1 150 round21=$B/round21 round22b=$B/lib/parprim
keep
s=$(date +%s)
UTF8_GPU_PLUGINS=cuda_efficient OUT=$OUT/checks timeout 120 bash $B/gpu_run.sh utf8_gpu_checks > $OUT/checks/stage.log 2>&1
echo "utf8_gpu_checks: exit $? in $(( $(date +%s) - s )) s"; tail -4 $OUT/checks/stage.log
grep -h -E "ERROR SUMMARY|RACECHECK SUMMARY" $OUT/checks/*.log | sort | uniq -c; keep
