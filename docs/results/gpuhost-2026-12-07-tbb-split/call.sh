#!/usr/bin/env bash
# On the GPU machine's host (nothing on the GPU), issue 35: cpu_tbb in place (the bundle's plugin)
# against the split with no count (split/, the plugin built with split.patch) where the policy
# now partitions in place on Intel (2^24 and 2^25 keys), on 2-16 threads; two rounds of ab.yaml,
# the order turned in the second; numpy's np.sort added to round 1's split run for the row.
#   run carry ["bundle", ".device/tbb_split"], command:
#   bash docs/results/gpuhost-2026-12-07-tbb-split/call.sh
set -u
. scripts/gpu_call_setup.sh host
D=docs/results/gpuhost-2026-12-07-tbb-split
{ lscpu; nproc; date -u; cat $B/REVISION; } > $OUT/host/host.txt
gunzip -kf .device/tbb_split/parprim_plugin_cpu_tbb.so.gz
OUT=$OUT/host/round1 timed ab_1 100 bash $B/gpu_ab.sh $D/ab.yaml 1 45 in_place=$B/lib/parprim split=.device/tbb_split
keep
OUT=$OUT/host/round2 timed ab_2 100 bash $B/gpu_ab.sh $D/ab.yaml 1 45 split=.device/tbb_split in_place=$B/lib/parprim
keep
J=$OUT/host/round1/ab_2_split.json
timed numpy 60 python3 scripts/numpy_reference.py $J --out $OUT/host/round1_split_with_numpy.json > $OUT/host/numpy.log 2>&1
keep
date -u
