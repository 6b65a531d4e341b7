#!/usr/bin/env bash
# Call 1, on round 16's code (the bundle's REVISION): cuda_efficient's [utf8] conformance, then
# the A/B by scripts/gpu_ab.sh, one run a side: round15/ (bce82d8's cuda_efficient) against
# round 16, and rows8/ (round 16 built with 8 rows a warp in the validator); then Nsight
# Compute over the validator on cjk text at 2^26, each side, and round 16's source page (SASS
# with each instruction's executed count).
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
echo "conformance: exit $? in $(( $(date +%s) - s )) s"; tail -2 $OUT/conformance/utf8.log
timeout 150 $B/bin/parprim-conformance --require-available \
  --plugins $B/rows8/parprim_plugin_cuda_efficient.so "[utf8]" > $OUT/conformance/utf8_rows8.log 2>&1
echo "conformance rows8: exit $?"; tail -1 $OUT/conformance/utf8_rows8.log; keep
OUT=$OUT/ab bash $B/gpu_ab.sh $B/configs/validate_ab.yaml 1 200 \
  round15=$B/round15 round16=$B/lib/parprim rows8=$B/rows8
keep
ncu=$(command -v ncu || ls /usr/local/cuda/bin/ncu /opt/nvidia/nsight-compute/*/ncu 2> /dev/null | head -1)
[ -n "$ncu" ] || { echo "no ncu"; exit 0; }
for side in round15=$B/round15 round16=$B/lib/parprim rows8=$B/rows8; do
  name=${side%%=*} dir=${side#*=}
  extra=()
  [ $name = round16 ] && extra=(--section SourceCounters -o $OUT/profile/source_$name)
  timeout 60 "$ncu" --clock-control none --kernel-name "regex:validate_tile" --launch-count 1 \
    --section SpeedOfLight --section ComputeWorkloadAnalysis --section InstructionStats \
    --section Occupancy --section LaunchStats "${extra[@]}" \
    $B/bin/runner $B/configs/profile_one.yaml --plugin-path $dir --no-isolation --no-progress \
    > $OUT/profile/ncu_$name.txt 2>&1
  echo "--- $name: exit $?"
  grep -E "Duration|Executed Instructions  |ALU is" $OUT/profile/ncu_$name.txt | cut -c1-100 | head -4
  keep
done
if [ -f $OUT/profile/source_round16.ncu-rep ]; then
  "$ncu" --import $OUT/profile/source_round16.ncu-rep --page source --print-source sass --csv \
    > $OUT/profile/source_round16.csv 2> $OUT/profile/source_round16.err
  echo "source page: exit $?, $(wc -l < $OUT/profile/source_round16.csv) lines"
  gzip -f $OUT/profile/source_round16.csv; rm -f $OUT/profile/source_round16.ncu-rep
fi
keep
