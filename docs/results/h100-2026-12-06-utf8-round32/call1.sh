#!/usr/bin/env bash
# Call 1, on round 32's code (the bundle's REVISION: form B): the A/B of round 32 by
# scripts/gpu_ab.sh, two runs a side, the sides' order turned between the runs: before/ (the
# attested code's cuda_efficient, built from 4b93301) against forms A and C (built from the
# bundle's revision with form_A.patch or form_C.patch applied) and form B (the bundle's own).
# Then Nsight Compute over the validator, cjk text at 2^26, each side: its sections, and the
# ALU and FMA pipes' shares.
#   run carry ["bundle", ".device"], command: bash docs/results/h100-2026-12-06-utf8-round32/call1.sh
set -u
R=docs/results/h100-2026-12-06-utf8-round32
. scripts/gpu_call_setup.sh ab profile
for side in before form_A form_C; do gunzip -kf .device/$side/parprim_plugin_cuda_efficient.so.gz; done
OUT=$OUT/ab timed ab_round1 320 bash $B/gpu_ab.sh $R/ab.yaml 1 100 before=.device/before \
  A=.device/form_A B=$B/lib/parprim C=.device/form_C
keep
mkdir -p $OUT/ab/round2
OUT=$OUT/ab/round2 timed ab_round2 320 bash $B/gpu_ab.sh $R/ab.yaml 1 100 C=.device/form_C \
  B=$B/lib/parprim A=.device/form_A before=.device/before
keep
ncu=$(command -v ncu || ls /usr/local/cuda/bin/ncu /opt/nvidia/nsight-compute/*/ncu 2> /dev/null | head -1)
P=docs/results/h100-2026-11-27-utf8-validate-wide/profile_one.yaml
for side in before=.device/before A=.device/form_A B=$B/lib/parprim C=.device/form_C; do
  name=${side%%=*} dir=${side#*=}
  timed "ncu $name" 40 "$ncu" --clock-control none --kernel-name "regex:validate_tile" \
    --launch-count 1 --section SpeedOfLight --section ComputeWorkloadAnalysis \
    --section InstructionStats --print-details all $B/bin/runner $P --plugin-path $dir \
    --no-isolation --no-progress > $OUT/profile/ncu_$name.txt 2>&1
  timed "ncu pipes $name" 40 "$ncu" --clock-control none --kernel-name "regex:validate_tile" \
    --launch-count 1 --metrics sm__inst_executed_pipe_alu.avg.pct_of_peak_sustained_active,sm__inst_executed_pipe_fma.avg.pct_of_peak_sustained_active,sm__inst_executed_pipe_fmaheavy.avg.pct_of_peak_sustained_active,sm__pipe_alu_cycles_active.avg.pct_of_peak_sustained_active,sm__pipe_fmaheavy_cycles_active.avg.pct_of_peak_sustained_active,sm__issue_active.avg.pct_of_peak_sustained_active,gpu__time_duration.sum \
    $B/bin/runner $P --plugin-path $dir --no-isolation --no-progress > $OUT/profile/pipes_$name.txt 2>&1
  grep -E "Duration|Executed Instructions  |ALU is|Issue Slots Busy|pipe_|issue_active" \
    $OUT/profile/ncu_$name.txt $OUT/profile/pipes_$name.txt | cut -c1-140 | head -12
done
keep
