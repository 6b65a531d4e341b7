#!/usr/bin/env bash
# Call 1, on round 26's mends (the bundle's REVISION): cuda_efficient's [utf8] conformance; the
# decoding A/B by scripts/gpu_ab.sh, one run a side: before/ (a1210cf's cuda_efficient) against
# the mends (the bundle's own); then Nsight Compute's source page of the decoder (SASS with each
# instruction's executed count and stall samples) at 2^26 on latin text without and with 1%
# errors and ascii text with 1% errors. The bundle is trimmed to the runner, the conformance
# suite, cpu_seq and cuda_efficient.
set -u
. scripts/gpu_call_setup.sh ab conformance profile
timed conformance 100 $B/bin/parprim-conformance --require-available \
  --plugins $B/lib/parprim/parprim_plugin_cuda_efficient.so "[utf8]" > $OUT/conformance/utf8.log 2>&1
tail -1 $OUT/conformance/utf8.log; keep
OUT=$OUT/ab bash $B/gpu_ab.sh $B/configs/decode_ab.yaml 1 150 before=$B/before r26=$B/lib/parprim
keep
ncu=$(command -v ncu || ls /usr/local/cuda/bin/ncu /opt/nvidia/nsight-compute/*/ncu 2> /dev/null | head -1)
[ -n "$ncu" ] || { echo "no ncu"; exit 0; }
for state in latin:0 latin:1e-2 ascii:1e-2; do
  mix=${state%%:*} errors=${state#*:} name=decode_${state/:/_}
  sed -e "s/MIX/$mix/" -e "s/ERRORS/$errors/" $B/configs/profile_decode.yaml > $OUT/profile/$name.yaml
  timed "ncu $name" 90 "$ncu" --clock-control none --kernel-name "regex:lookback_decode_tile" \
    --launch-count 1 --section InstructionStats --section WarpStateStats --section SourceCounters \
    -o $OUT/profile/$name $B/bin/runner $OUT/profile/$name.yaml --no-isolation --no-progress \
    > $OUT/profile/ncu_$name.log 2>&1
  "$ncu" --import $OUT/profile/$name.ncu-rep --page source --print-source sass --csv \
    > $OUT/profile/source_$name.csv 2> $OUT/profile/source_$name.err
  "$ncu" --import $OUT/profile/$name.ncu-rep --page details --csv > $OUT/profile/details_$name.csv 2>&1
  echo "source page: $(wc -l < $OUT/profile/source_$name.csv) lines"
  gzip -f $OUT/profile/source_$name.csv; rm -f $OUT/profile/$name.ncu-rep
  keep
done
