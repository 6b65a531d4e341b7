#!/usr/bin/env bash
# Round 36's A/B alone (call2.sh found no machine either, and the device time left held an A/B
# but not the gate after it): call2.sh's bundle (the encoder's block of 128 threads, GPU sources
# digest 4e262782b13f1fae) against the attested encoder's plugin carried beside it
# (bundle/r36_attested), ab.yaml, two rounds, the order turned, each run bounded to 80 s.
#   as call2.sh, then carry ["bundle"]: bash docs/results/h100-2026-12-07-utf8-round36/call3.sh
set -u
here=docs/results/h100-2026-12-07-utf8-round36
. scripts/gpu_call_setup.sh forward reverse
cat $B/REVISION
OUT=$OUT/forward bash $B/gpu_ab.sh $here/ab.yaml 1 80 attested=$B/r36_attested b128=$B/lib/parprim
keep
OUT=$OUT/reverse bash $B/gpu_ab.sh $here/ab.yaml 1 80 b128=$B/lib/parprim attested=$B/r36_attested
keep
