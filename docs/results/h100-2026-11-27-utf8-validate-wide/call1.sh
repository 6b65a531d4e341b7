#!/usr/bin/env bash
# Call 1, on round 15's code (the bundle's REVISION): cuda_efficient's [utf8] conformance, then
# the validator's A/B by scripts/gpu_ab.sh, one run a side: round14/ (9922cd4's cuda_efficient,
# the validator of rounds 5-14) against round 15; then Nsight Compute's instruction counts of
# the validator on cjk text at 2^26, each side.
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
  round14=$B/round14 round15=$B/lib/parprim
keep
ncu=$(command -v ncu || ls /usr/local/cuda/bin/ncu /opt/nvidia/nsight-compute/*/ncu 2> /dev/null | head -1)
[ -n "$ncu" ] || { echo "no ncu"; exit 0; }
for side in round14=$B/round14 round15=$B/lib/parprim; do
  name=${side%%=*} dir=${side#*=}
  s=$(date +%s)
  timeout 60 "$ncu" --clock-control none --kernel-name "regex:validate_tile" --launch-count 1 \
    --section SpeedOfLight --section ComputeWorkloadAnalysis --section InstructionStats \
    --section Occupancy --section LaunchStats \
    $B/bin/runner $B/configs/profile_one.yaml --plugin-path $dir --no-isolation --no-progress \
    > $OUT/profile/ncu_$name.txt 2>&1
  echo "--- $name: exit $? in $(( $(date +%s) - s )) s"
  grep -E "Duration|DRAM Throughput|Executed Ipc A|Executed Instructions  |Registers Per|Achieved Occupancy|ALU is" \
    $OUT/profile/ncu_$name.txt | cut -c1-110 | head -8
  keep
done
