#!/usr/bin/env bash
# Call 1, on round 14's code (the bundle's REVISION): cuda_efficient's [utf8] conformance with
# round 14, then the encoder's A/B by scripts/gpu_ab.sh, one run a side: round12/ (fd4649c's
# cuda_efficient: the encoder whose SASS the final check of ccf262e ran) against round 14.
set -u
B=bundle
bash $B/unpack_bundle.sh $B
mkdir -p $OUT/ab $OUT/conformance
s=$(date +%s)
timeout 100 $B/bin/parprim-conformance --require-available \
  --plugins $B/lib/parprim/parprim_plugin_cuda_efficient.so "[utf8]" > $OUT/conformance/utf8.log 2>&1
echo "conformance: exit $? in $(( $(date +%s) - s )) s"; tail -2 $OUT/conformance/utf8.log
OUT=$OUT/ab bash $B/gpu_ab.sh $B/configs/utf8_encode_ab.yaml 1 150 \
  round12=$B/round12 round14=$B/lib/parprim
tar czf $OUT/r.tgz -C $OUT ab conformance
