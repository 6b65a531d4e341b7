#!/usr/bin/env bash
# Call 2, on round 18b's code (the bundle's REVISION): cuda_efficient's [utf8] conformance, then
# the decoder's A/B by scripts/gpu_ab.sh, one run a side: round17b/ (52ca042's cuda_efficient)
# against round 18b.
set -u
B=bundle
bash $B/unpack_bundle.sh $B
export LD_LIBRARY_PATH=$PWD/$B/lib
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
mkdir -p $OUT/ab $OUT/conformance
keep() { tar czf $OUT/r.tgz -C $OUT ab conformance 2>/dev/null; }
s=$(date +%s)
timeout 150 $B/bin/parprim-conformance --require-available \
  --plugins $B/lib/parprim/parprim_plugin_cuda_efficient.so "[utf8]" > $OUT/conformance/utf8.log 2>&1
code=$?
echo "conformance: exit $code in $(( $(date +%s) - s )) s"; tail -2 $OUT/conformance/utf8.log; keep
[ $code -eq 0 ] || { grep -m5 -i "fail" $OUT/conformance/utf8.log; exit 1; }
OUT=$OUT/ab bash $B/gpu_ab.sh $B/configs/decode_ab2.yaml 1 150 \
  round17b=$B/round17b round18b=$B/lib/parprim
keep
