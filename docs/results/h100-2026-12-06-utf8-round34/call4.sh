#!/usr/bin/env bash
# Call 4 (prepared 12-07, after calls 1-3b; refused that stop for want of device time, run on the
# next). The A/B of ab_sizes.yaml (2^24 and 2^26), two rounds, the order turned in the second, of
# four builds of cuda_efficient: before/ (the attested code), R8c (the bundle: R8's code, its
# comments corrected, form_R8c.patch), R8c7 (R8c bounded to 7 blocks an SM, form_R8c7.patch) and
# R8m (R8c with the listed test's marks in its list's room, 8 blocks an SM, form_R8m.patch; round
# 35, utf8_gpu.md item 45). The conformance run of the form kept is call 4b (call4b.sh).
#   run carry ["bundle", ".device/before", ".device/R8c7", ".device/R8m", ...], command:
#   bash docs/results/h100-2026-12-06-utf8-round34/call4.sh
set -u
. scripts/gpu_call_setup.sh ab_sizes
for side in before R8c7 R8m; do gunzip -kf .device/$side/parprim_plugin_cuda_efficient.so.gz; done
A=docs/results/h100-2026-12-06-utf8-round34/ab_sizes.yaml
OUT=$OUT/ab_sizes/round1 timed ab_sizes_1 230 bash $B/gpu_ab.sh $A 1 55 \
  before=.device/before R8c=$B/lib/parprim R8c7=.device/R8c7 R8m=.device/R8m
keep
OUT=$OUT/ab_sizes/round2 timed ab_sizes_2 230 bash $B/gpu_ab.sh $A 1 55 \
  R8m=.device/R8m R8c7=.device/R8c7 R8c=$B/lib/parprim before=.device/before
keep
