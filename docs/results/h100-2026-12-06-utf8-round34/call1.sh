#!/usr/bin/env bash
# Call 1, on round 34's code (the bundle's REVISION: form R8, committed with the prediction):
# round 1 of the A/B of round 34 (docs/algorithms/utf8_gpu.md item 44) by scripts/gpu_ab.sh with
# round 32's states (../h100-2026-12-06-utf8-round32/ab.yaml: validating ascii, latin, cjk and
# mixed text without and with 1% errors, decoding latin and cjk text, 2^28): before/ (the
# attested code's cuda_efficient, built from f469b8a) against form R6 (built from 8c406ce with
# form_R6.patch applied) and form R8 (the bundle's own, built at fc18de7: 8c406ce with
# form_R8.patch applied). Then
# Nsight Compute over the validator, cjk text at 2^26, before/ and R8: time, warp instructions,
# the pipes' shares. Call 2 follows on the same machine (the session's first
# ninety minutes went on asks that found no machine, so each call is short).
#   run carry ["bundle", ".device"], command: bash docs/results/h100-2026-12-06-utf8-round34/call1.sh
set -u
. scripts/gpu_call_setup.sh ab profile
for side in before form_R6; do gunzip -kf .device/$side/parprim_plugin_cuda_efficient.so.gz; done
OUT=$OUT/ab timed ab_round1 240 bash $B/gpu_ab.sh docs/results/h100-2026-12-06-utf8-round32/ab.yaml \
  1 80 before=.device/before R6=.device/form_R6 R8=$B/lib/parprim
keep
P=docs/results/h100-2026-11-27-utf8-validate-wide/profile_one.yaml
for side in before=.device/before R8=$B/lib/parprim; do
  name=${side%%=*} dir=${side#*=}
  timed "ncu $name" 30 bash scripts/ncu_pipes.sh validate_tile $P $dir $OUT/profile/pipes_$name.txt
done
keep
