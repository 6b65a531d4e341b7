#!/usr/bin/env bash
# Call 4 (prepared 12-07, after calls 1-3b; refused that stop for want of device time, run on the
# next). The A/B of ab_sizes.yaml (2^24 and 2^26), two rounds, the order turned in the second, of
# three builds of cuda_efficient: before/ (the attested code), R8c (the bundle: R8's code, its
# comments corrected, form_R8c.patch) and R8m (R8c with the listed test's marks in its list's
# room, 8 blocks an SM, form_R8m.patch; round 35, utf8_gpu.md item 45; its own bundle,
# .device/bundle_R8m). Then `gpu_run.sh check` of R8m's bundle and of R8c's (B names the bundle
# it runs): every CUDA plugin's conformance and, when all pass, the attestation of that form's
# sources, so that whichever the A/B keeps has its conformance run. R8c7 (R8c bounded to 7
# blocks an SM, form_R8c7.patch) was a fourth side until eight failed starts left too little
# device time for it (12-07 04:28 UTC).
#   run carry ["bundle", ".device/bundle_R8m", ".device/before"], command:
#   bash docs/results/h100-2026-12-06-utf8-round34/call4.sh
set -u
. scripts/gpu_call_setup.sh ab_sizes check_R8m check_R8c
M=.device/bundle_R8m
bash $M/unpack_bundle.sh $M
gunzip -kf .device/before/parprim_plugin_cuda_efficient.so.gz
A=docs/results/h100-2026-12-06-utf8-round34/ab_sizes.yaml
OUT=$OUT/ab_sizes/round1 timed ab_sizes_1 150 bash $B/gpu_ab.sh $A 1 50 \
  before=.device/before R8c=$B/lib/parprim R8m=$M/lib/parprim
keep
OUT=$OUT/ab_sizes/round2 timed ab_sizes_2 150 bash $B/gpu_ab.sh $A 1 50 \
  R8m=$M/lib/parprim R8c=$B/lib/parprim before=.device/before
keep
for form in R8m=$M R8c=$B; do
  name=${form%%=*} dir=${form#*=}
  cat $dir/REVISION > $OUT/check_$name/revision.txt
  B=$dir OUT=$OUT/check_$name timed check_$name 150 bash $dir/gpu_run.sh check > $OUT/check_$name/stage.log 2>&1
  grep -E "passed|failed|attestation|digest" $OUT/check_$name/stage.log | tail -4; keep
done
