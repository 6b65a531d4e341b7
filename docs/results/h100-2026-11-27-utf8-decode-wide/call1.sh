#!/usr/bin/env bash
# Call 1, on round 18's code (the bundle's REVISION): cuda_efficient's [utf8] conformance, then
# the A/B by scripts/gpu_ab.sh, one run a side: round16/ (f13e14a's cuda_efficient), round17b/
# (52ca042's: round 16 with the loads of whole segments) and round 18; then Nsight Compute's
# source page of round 18's decoder on cjk text at 2^26.
set -u
B=bundle
bash $B/unpack_bundle.sh $B
export LD_LIBRARY_PATH=$PWD/$B/lib
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
mkdir -p $OUT/ab $OUT/conformance $OUT/profile
keep() { tar czf $OUT/r.tgz -C $OUT ab conformance profile 2>/dev/null; }
s=$(date +%s)
timeout 150 $B/bin/parprim-conformance --require-available \
  --plugins $B/lib/parprim/parprim_plugin_cuda_efficient.so "[utf8]" > $OUT/conformance/utf8.log 2>&1
echo "conformance: exit $? in $(( $(date +%s) - s )) s"; tail -2 $OUT/conformance/utf8.log; keep
OUT=$OUT/ab bash $B/gpu_ab.sh $B/configs/decode_ab.yaml 1 200 \
  round16=$B/round16 round17b=$B/round17b round18=$B/lib/parprim
keep
ncu=$(command -v ncu || ls /usr/local/cuda/bin/ncu /opt/nvidia/nsight-compute/*/ncu 2> /dev/null | head -1)
[ -n "$ncu" ] || { echo "no ncu"; exit 0; }
sed -e "s/MIX/cjk/" $B/configs/profile_decode.yaml > $OUT/profile/decode_cjk.yaml
timeout 90 "$ncu" --clock-control none --kernel-name "regex:lookback_decode_tile" --launch-count 1 \
  --section InstructionStats --section WarpStateStats --section SourceCounters \
  -o $OUT/profile/decode_cjk $B/bin/runner $OUT/profile/decode_cjk.yaml --no-isolation \
  --no-progress > $OUT/profile/ncu_decode_cjk.log 2>&1
echo "--- decode cjk: exit $?"
"$ncu" --import $OUT/profile/decode_cjk.ncu-rep --page source --print-source sass --csv \
  > $OUT/profile/source_decode_cjk.csv 2> $OUT/profile/source_decode_cjk.err
echo "source page: exit $?, $(wc -l < $OUT/profile/source_decode_cjk.csv) lines"
gzip -f $OUT/profile/source_decode_cjk.csv; rm -f $OUT/profile/decode_cjk.ncu-rep
keep
