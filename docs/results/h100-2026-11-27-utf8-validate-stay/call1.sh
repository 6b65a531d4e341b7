#!/usr/bin/env bash
# Call 1, on round 17's code (the bundle's REVISION): cuda_efficient's [utf8] conformance, then
# the A/B by scripts/gpu_ab.sh, one run a side: round16/ (f13e14a's cuda_efficient) against
# round 17; then Nsight Compute's source page of the decoder (SASS with each instruction's
# executed count and stall samples) on cjk and latin text at 2^26, for the rounds after.
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
OUT=$OUT/ab bash $B/gpu_ab.sh $B/configs/validate_ab.yaml 1 200 \
  round16=$B/round16 round17=$B/lib/parprim
keep
ncu=$(command -v ncu || ls /usr/local/cuda/bin/ncu /opt/nvidia/nsight-compute/*/ncu 2> /dev/null | head -1)
[ -n "$ncu" ] || { echo "no ncu"; exit 0; }
for mix in cjk latin; do
  sed -e "s/MIX/$mix/" $B/configs/profile_decode.yaml > $OUT/profile/decode_$mix.yaml
  timeout 90 "$ncu" --clock-control none --kernel-name "regex:lookback_decode_tile" --launch-count 1 \
    --section InstructionStats --section WarpStateStats --section SourceCounters \
    -o $OUT/profile/decode_$mix $B/bin/runner $OUT/profile/decode_$mix.yaml --no-isolation \
    --no-progress > $OUT/profile/ncu_decode_$mix.log 2>&1
  echo "--- decode $mix: exit $?"
  "$ncu" --import $OUT/profile/decode_$mix.ncu-rep --page source --print-source sass --csv \
    > $OUT/profile/source_decode_$mix.csv 2> $OUT/profile/source_decode_$mix.err
  echo "source page: exit $?, $(wc -l < $OUT/profile/source_decode_$mix.csv) lines"
  gzip -f $OUT/profile/source_decode_$mix.csv; rm -f $OUT/profile/decode_$mix.ncu-rep
  keep
done
