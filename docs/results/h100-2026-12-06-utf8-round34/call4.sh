#!/usr/bin/env bash
# Call 4 (prepared 12-07, after calls 1-3b; refused that stop for want of device time, run on the
# next). The bundle is the attested tree with form_R8c.patch applied (R8's code, its comments
# corrected; the digest differs from fc18de7's only by those comments). First the A/B of
# ab_sizes.yaml (2^24 and 2^26): the attested code's plugin (before/), R8c and R8c7 (R8c bounded
# to 7 blocks an SM, form_R8c7.patch, carried as .device/R8c7), two rounds, the order turned in
# the second; then `gpu_run.sh check` of the bundle (every CUDA plugin's conformance and, when all
# pass, the attestation of R8c's sources), which keeping R8c needs.
#   run carry ["bundle", ".device/before", ".device/R8c7"],
#   command: bash docs/results/h100-2026-12-06-utf8-round34/call4.sh
set -u
. scripts/gpu_call_setup.sh ab_sizes check
gunzip -kf .device/before/parprim_plugin_cuda_efficient.so.gz .device/R8c7/parprim_plugin_cuda_efficient.so.gz
A=docs/results/h100-2026-12-06-utf8-round34/ab_sizes.yaml
OUT=$OUT/ab_sizes/round1 timed ab_sizes_1 185 bash $B/gpu_ab.sh $A 1 60 before=.device/before R8c=$B/lib/parprim R8c7=.device/R8c7
keep
OUT=$OUT/ab_sizes/round2 timed ab_sizes_2 185 bash $B/gpu_ab.sh $A 1 60 R8c7=.device/R8c7 R8c=$B/lib/parprim before=.device/before
keep
OUT=$OUT/check timed check 215 bash $B/gpu_run.sh check > $OUT/check/stage.log 2>&1
grep -E "passed|failed|attestation|digest" $OUT/check/stage.log | tail -8; keep
