#!/usr/bin/env bash
# Call 4 (12-07, after calls 1-3 kept form R8): the A/B of ab_sizes.yaml (2^24 and 2^26), the
# attested code's plugin (before/) against R8 (the bundle's own, fc18de7), two rounds, the order
# turned in the second.
#   run carry ["bundle", ".device"], command: bash docs/results/h100-2026-12-06-utf8-round34/call4.sh
set -u
. scripts/gpu_call_setup.sh ab_sizes
gunzip -kf .device/before/parprim_plugin_cuda_efficient.so.gz
A=docs/results/h100-2026-12-06-utf8-round34/ab_sizes.yaml
OUT=$OUT/ab_sizes/round1 timed ab_sizes_1 110 bash $B/gpu_ab.sh $A 1 50 before=.device/before R8=$B/lib/parprim
keep
OUT=$OUT/ab_sizes/round2 timed ab_sizes_2 110 bash $B/gpu_ab.sh $A 1 50 R8=$B/lib/parprim before=.device/before
keep
