#!/usr/bin/env bash
# Call 2, on round 25b's code (the bundle's REVISION, 248ddbd): cuda_efficient's [utf8]
# conformance; the decoding A/B by scripts/gpu_ab.sh, one run a side: r24/ (2defb54's
# cuda_efficient, round 24's decoder) against round 25b (the bundle's own). The bundle is trimmed
# to the runner, the conformance suite, cpu_seq and cuda_efficient.
set -u
B=bundle
bash $B/unpack_bundle.sh $B
export LD_LIBRARY_PATH=$PWD/$B/lib
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
mkdir -p $OUT/ab $OUT/conformance
keep() { tar czf $OUT/r.tgz -C $OUT ab conformance 2>/dev/null; }
s=$(date +%s)
timeout 100 $B/bin/parprim-conformance --require-available \
  --plugins $B/lib/parprim/parprim_plugin_cuda_efficient.so "[utf8]" > $OUT/conformance/utf8.log 2>&1
echo "conformance: exit $? in $(( $(date +%s) - s )) s"; tail -1 $OUT/conformance/utf8.log; keep
OUT=$OUT/ab bash $B/gpu_ab.sh $B/configs/decode_ab.yaml 1 140 r24=$B/r24 r25b=$B/lib/parprim
keep
