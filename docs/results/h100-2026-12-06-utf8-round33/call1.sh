#!/usr/bin/env bash
# Call 1, on round 33's code (the bundle's REVISION): the A/B of round 33 by scripts/gpu_ab.sh
# with round 32's states (../h100-2026-12-06-utf8-round32/ab.yaml: validating ascii, latin, cjk
# and mixed text without and with 1% errors, decoding latin and cjk text, 2^28), two runs a
# side, the sides' order turned between them: before/ (the attested code's cuda_efficient, built
# from f469b8a) against the bundle's. Then Nsight Compute over the validator, cjk text at 2^26,
# each side: its time, warp instructions and the pipes' shares.
#   run carry ["bundle", ".device"], command: bash docs/results/h100-2026-12-06-utf8-round33/call1.sh
set -u
S=docs/results/h100-2026-12-06-utf8-round32/ab.yaml
. scripts/gpu_call_setup.sh ab profile
gunzip -kf .device/before/parprim_plugin_cuda_efficient.so.gz
OUT=$OUT/ab timed ab_round1 220 bash $B/gpu_ab.sh $S 1 100 before=.device/before \
  after=$B/lib/parprim
keep
mkdir -p $OUT/ab/round2
OUT=$OUT/ab/round2 timed ab_round2 220 bash $B/gpu_ab.sh $S 1 100 after=$B/lib/parprim \
  before=.device/before
keep
ncu=$(command -v ncu || ls /usr/local/cuda/bin/ncu /opt/nvidia/nsight-compute/*/ncu 2> /dev/null | head -1)
P=docs/results/h100-2026-11-27-utf8-validate-wide/profile_one.yaml
for side in before=.device/before after=$B/lib/parprim; do
  name=${side%%=*} dir=${side#*=}
  timed "ncu $name" 40 "$ncu" --clock-control none --kernel-name "regex:validate_tile" \
    --launch-count 1 --metrics gpu__time_duration.sum,smsp__inst_executed.sum,sm__inst_executed_pipe_alu.avg.pct_of_peak_sustained_active,sm__inst_executed_pipe_fma.avg.pct_of_peak_sustained_active,sm__inst_executed_pipe_fmaheavy.avg.pct_of_peak_sustained_active,sm__issue_active.avg.pct_of_peak_sustained_active \
    $B/bin/runner $P --plugin-path $dir --no-isolation --no-progress > $OUT/profile/pipes_$name.txt 2>&1
  grep -E "gpu__time|smsp__inst|pipe_|issue_active" $OUT/profile/pipes_$name.txt | cut -c1-140
done
keep
