#!/usr/bin/env bash
# Where one kernel's instructions go, under Nsight Compute, for a side of a device A/B
# (docs/algorithms/utf8_gpu.md, rounds 32-34: the validator binds on the ALU pipe, so a change is
# judged by that pipe's share, not by all instructions): one launch of the kernels matching
# KERNEL in `runner CONFIG --plugin-path DIR`, its time, warp instructions, the ALU, FMA and
# FMA-heavy pipes' shares, the issue slots and the warps active. The report goes to OUT_FILE, its
# metric lines to stdout. Run from the repository root on the GPU machine, after
# scripts/gpu_call_setup.sh (B: the bundle, default `bundle`; NCU: the ncu to run, found when
# unset).
#   bash scripts/ncu_pipes.sh KERNEL CONFIG DIR OUT_FILE
set -u
if [ $# -ne 4 ]; then
  echo "usage: bash ncu_pipes.sh KERNEL CONFIG DIR OUT_FILE" >&2
  exit 2
fi
kernel=$1 config=$2 dir=$3 out=$4
B=${B:-bundle}
ncu=${NCU:-$(command -v ncu || ls /usr/local/cuda/bin/ncu /opt/nvidia/nsight-compute/*/ncu 2> /dev/null | head -1)}
if [ -z "$ncu" ]; then
  echo "ncu_pipes.sh: no ncu found (set NCU)" >&2
  exit 2
fi
metrics=(
  gpu__time_duration.sum
  smsp__inst_executed.sum
  sm__inst_executed_pipe_alu.avg.pct_of_peak_sustained_active
  sm__inst_executed_pipe_fma.avg.pct_of_peak_sustained_active
  sm__inst_executed_pipe_fmaheavy.avg.pct_of_peak_sustained_active
  sm__issue_active.avg.pct_of_peak_sustained_active
  sm__warps_active.avg.pct_of_peak_sustained_active
)
"$ncu" --clock-control none --kernel-name "regex:$kernel" --launch-count 1 \
  --metrics "$(IFS=,; echo "${metrics[*]}")" \
  "$B/bin/runner" "$config" --plugin-path "$dir" --no-isolation --no-progress > "$out" 2>&1
code=$?
grep -E "gpu__time|smsp__inst|pipe_|issue_active|warps_active" "$out" | cut -c1-140
exit $code
