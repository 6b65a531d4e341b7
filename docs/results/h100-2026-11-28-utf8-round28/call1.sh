#!/usr/bin/env bash
# Call 1, on round 28's code (the bundle's REVISION: the packing's stores predicated):
# cuda_efficient's [utf8] conformance; the decoding A/B by scripts/gpu_ab.sh, one run a side:
# before/ (round 26's decoder, the commit before round 28's code) against round 28; both
# decoders' SASS (cuobjdump, the 32-bit instance); then Nsight Compute's source page of round
# 28's decoder at 2^26 on ascii text with 1% errors and on cjk text. The bundle is trimmed to
# the runner, the conformance suite, cpu_seq and cuda_efficient.
set -u
. scripts/gpu_call_setup.sh conformance ab sass profile
timed conformance 100 $B/bin/parprim-conformance --require-available \
  --plugins $B/lib/parprim/parprim_plugin_cuda_efficient.so "[utf8]" > $OUT/conformance/utf8.log 2>&1
tail -1 $OUT/conformance/utf8.log; keep
OUT=$OUT/ab bash $B/gpu_ab.sh $B/configs/decode_ab.yaml 1 150 before=$B/before r28=$B/lib/parprim
keep
cuobjdump=$(command -v cuobjdump || ls /usr/local/cuda/bin/cuobjdump 2> /dev/null | head -1)
for side in before=$B/before r28=$B/lib/parprim; do
  [ -n "$cuobjdump" ] || break
  "$cuobjdump" -sass -fun '_ZN7parprim14cuda_efficient4utf820lookback_decode_tileIjEEvPKhPjPmmmNS0_16tile_states_viewIT_EE' \
    ${side#*=}/parprim_plugin_cuda_efficient.so > $OUT/sass/decode_${side%%=*}.sass 2>&1
  echo "${side%%=*}: $(grep -c '/\*[0-9a-f]*\*/' $OUT/sass/decode_${side%%=*}.sass) SASS lines"
  gzip -f $OUT/sass/decode_${side%%=*}.sass
done
keep
ncu=$(command -v ncu || ls /usr/local/cuda/bin/ncu /opt/nvidia/nsight-compute/*/ncu 2> /dev/null | head -1)
[ -n "$ncu" ] || { echo "no ncu"; exit 0; }
for state in ascii:1e-2 cjk:0; do
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
