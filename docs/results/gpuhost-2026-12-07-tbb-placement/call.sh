#!/usr/bin/env bash
# On the GPU machine's host (nothing on the GPU), issue 35: placement.yaml (cpu_seq, and cpu_tbb
# on 2 threads, 2^24) unpinned and under `taskset -c` on the vCPU pairs 0,1 2,3 0,8 0,15 and on
# one vCPU (0: the 2 threads share it), two rounds, the order turned in the second; then numpy's
# np.sort on the first run's records. The VM reports 16 cores of one thread; whether two of its
# vCPUs share a physical core is what the pairs' times show.
#   run carry ["bundle"], command:
#   bash docs/results/gpuhost-2026-12-07-tbb-placement/call.sh
set -u
. scripts/gpu_call_setup.sh host
D=docs/results/gpuhost-2026-12-07-tbb-placement
{ lscpu; nproc; date -u; cat $B/REVISION
  for c in 0 1 8 15; do
    echo "cpu$c: siblings $(cat /sys/devices/system/cpu/cpu$c/topology/thread_siblings_list)," \
      "core $(cat /sys/devices/system/cpu/cpu$c/topology/core_id)"
  done; } > $OUT/host/host.txt 2>&1
placements=(all 0,1 2,3 0,8 0,15 0)
run_at() {  # run_at ROUND PLACEMENT
  local json=$OUT/host/r$1_${2//,/_}.json pin=()
  [ "$2" = all ] || pin=(taskset -c "$2")
  timed "r$1 $2" 120 "${pin[@]}" $B/bin/runner $D/placement.yaml --plugin-path $B/lib/parprim \
    --no-progress --no-console --json "$json" > "${json%.json}.log" 2>&1
}
for p in "${placements[@]}"; do run_at 1 "$p"; done
keep
for ((i = ${#placements[@]} - 1; i >= 0; --i)); do run_at 2 "${placements[$i]}"; done
keep
timed numpy 60 python3 scripts/numpy_reference.py $OUT/host/r1_all.json \
  --out $OUT/host/r1_all_with_numpy.json > $OUT/host/numpy.log 2>&1
keep
python3 $D/placement_table.py $OUT/host | tee $OUT/host/table.md
keep
