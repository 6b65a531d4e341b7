#!/usr/bin/env bash
# Call 1, on round 34's code (the bundle's REVISION: the validator's constants, today's values):
# the A/B of round 34 (docs/algorithms/utf8_gpu.md item 44) by scripts/gpu_ab.sh with round 32's
# states (../h100-2026-12-06-utf8-round32/ab.yaml: validating ascii, latin, cjk and mixed text
# without and with 1% errors, decoding latin and cjk text, 2^28), two runs a side, the order
# turned between them: before/ (the attested code's cuda_efficient, built from f469b8a) against
# forms R6 and R8 (built from the bundle's revision with form_R6.patch or form_R8.patch applied).
# Then Nsight Compute over the validator, cjk text at 2^26, each side: its time, warp
# instructions and the pipes' shares. Last, only where the host is the Emerald Rapids one
# (model 207, whose cpu_seq row issue 35 has not measured with step 46): issue 35's status on
# the host, as ../h100host-2026-12-06-step46/call3.sh, three runs.
#   run carry ["bundle", ".device"], command: bash docs/results/h100-2026-12-06-utf8-round34/call1.sh
set -u
R=docs/results/h100-2026-12-06-utf8-round34
. scripts/gpu_call_setup.sh ab profile status
for side in before form_R6 form_R8; do gunzip -kf .device/$side/parprim_plugin_cuda_efficient.so.gz; done
OUT=$OUT/ab timed ab_round1 280 bash $B/gpu_ab.sh docs/results/h100-2026-12-06-utf8-round32/ab.yaml \
  1 100 before=.device/before R6=.device/form_R6 R8=.device/form_R8
keep
mkdir -p $OUT/ab/round2
OUT=$OUT/ab/round2 timed ab_round2 280 bash $B/gpu_ab.sh docs/results/h100-2026-12-06-utf8-round32/ab.yaml \
  1 100 R8=.device/form_R8 R6=.device/form_R6 before=.device/before
keep
ncu=$(command -v ncu || ls /usr/local/cuda/bin/ncu /opt/nvidia/nsight-compute/*/ncu 2> /dev/null | head -1)
P=docs/results/h100-2026-11-27-utf8-validate-wide/profile_one.yaml
for side in before=.device/before R6=.device/form_R6 R8=.device/form_R8; do
  name=${side%%=*} dir=${side#*=}
  timed "ncu $name" 40 "$ncu" --clock-control none --kernel-name "regex:validate_tile" \
    --launch-count 1 --metrics gpu__time_duration.sum,smsp__inst_executed.sum,sm__inst_executed_pipe_alu.avg.pct_of_peak_sustained_active,sm__inst_executed_pipe_fma.avg.pct_of_peak_sustained_active,sm__inst_executed_pipe_fmaheavy.avg.pct_of_peak_sustained_active,sm__issue_active.avg.pct_of_peak_sustained_active,sm__warps_active.avg.pct_of_peak_sustained_active \
    $B/bin/runner $P --plugin-path $dir --no-isolation --no-progress > $OUT/profile/pipes_$name.txt 2>&1
  grep -E "gpu__time|smsp__inst|pipe_|issue_active|warps_active" $OUT/profile/pipes_$name.txt | cut -c1-140
done
keep
{ lscpu; nproc; date -u; cat $B/REVISION; } > $OUT/status/host.txt
if grep -qE '^Model: +207$' $OUT/status/host.txt; then
  printf 'backends: [cpu_seq, cpu_tbb]\nseed: 20261203\nmeasurement:\n  warmup: 1\n  min_samples: 5\n  max_samples: 9\n  min_time: 0.5\n  max_time: 3\n  end_to_end: false\nbenchmarks:\n  - operation: sort\n    types: [u32]\n    sizes: [2^24, 2^26]\n    distributions: [uniform]\n    variants: [radix, vqsort]\n    params: {threads: [16, 2]}\n' > $OUT/status/status.yaml
  for i in 1 2 3; do
    J=$OUT/status/status_$i.json
    timed status_$i 60 $B/bin/runner $OUT/status/status.yaml --plugin-path $B/lib/parprim \
      --no-progress --no-console --json $J > $OUT/status/status_$i.log 2>&1
    timed numpy_$i 40 python3 scripts/numpy_reference.py $J --out $J >> $OUT/status/status_$i.log 2>&1
  done
else
  echo "host model $(grep -E '^Model:' $OUT/status/host.txt): not the Emerald Rapids one; no status run"
fi
keep
