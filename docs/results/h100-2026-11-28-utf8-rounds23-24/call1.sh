#!/usr/bin/env bash
# Call 1, on rounds 23 and 24's code (the bundle's REVISION, d4b9ddc: lane_packing_limit 448):
# cuda_efficient's [utf8] conformance; the decoding A/B by scripts/gpu_ab.sh, one run a side:
# base/ (9767a2e's cuda_efficient: round 22b's kernels) against t448 (the bundle's own) and t500/
# (the same code with lane_packing_limit 500); then the validation A/B, base against t448 (t500's
# validator is t448's). The bundle is trimmed to the runner, the conformance suite, cpu_seq and
# cuda_efficient (the tree and the bundle must stay under 64 MiB).
set -u
B=bundle
bash $B/unpack_bundle.sh $B
export LD_LIBRARY_PATH=$PWD/$B/lib
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
mkdir -p $OUT/ab $OUT/validate_ab $OUT/conformance
keep() { tar czf $OUT/r.tgz -C $OUT ab validate_ab conformance 2>/dev/null; }
s=$(date +%s)
timeout 100 $B/bin/parprim-conformance --require-available \
  --plugins $B/lib/parprim/parprim_plugin_cuda_efficient.so "[utf8]" > $OUT/conformance/utf8.log 2>&1
echo "conformance: exit $? in $(( $(date +%s) - s )) s"; tail -1 $OUT/conformance/utf8.log; keep
OUT=$OUT/ab bash $B/gpu_ab.sh $B/configs/decode_ab.yaml 1 140 base=$B/base t448=$B/lib/parprim \
  t500=$B/t500
keep
OUT=$OUT/validate_ab bash $B/gpu_ab.sh $B/configs/validate_ab.yaml 1 80 base=$B/base \
  t448=$B/lib/parprim
keep
