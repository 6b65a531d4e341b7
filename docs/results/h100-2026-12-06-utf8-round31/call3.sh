#!/usr/bin/env bash
# Call 3, right after call 2 on the same warm machine (run as one command line): Nsight
# Compute's counts of the validator on cjk text at 2^26 (profile_one.yaml of
# ../h100-2026-11-27-utf8-validate-wide), before/ (call 1's) and round 31 (the bundle's).
#   run carry ["bundle", ".device"], command: bash docs/results/h100-2026-12-06-utf8-round31/call3.sh
set -u
. scripts/gpu_call_setup.sh profile
gunzip -kf .device/before/parprim_plugin_cuda_efficient.so.gz
ncu=$(command -v ncu || ls /usr/local/cuda/bin/ncu /opt/nvidia/nsight-compute/*/ncu 2> /dev/null | head -1)
for side in before=.device/before r31=$B/lib/parprim; do
  name=${side%%=*} dir=${side#*=}
  timed "ncu $name" 60 "$ncu" --clock-control none --kernel-name "regex:validate_tile" \
    --launch-count 1 --section SpeedOfLight --section ComputeWorkloadAnalysis \
    --section InstructionStats $B/bin/runner \
    docs/results/h100-2026-11-27-utf8-validate-wide/profile_one.yaml --plugin-path $dir \
    --no-isolation --no-progress > $OUT/profile/ncu_$name.txt 2>&1
  grep -E "Duration|Executed Instructions  |ALU is|Executed Ipc A|Issue Slots Busy" \
    $OUT/profile/ncu_$name.txt | cut -c1-110 | head -6
done
keep
