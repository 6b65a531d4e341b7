#!/usr/bin/env bash
# One device call (2026-12-07): the GPU conformance of the tree after host_array took its memory
# from allocate_host_memory (core/include/parprim/host_array.hpp; host_backend.hpp's unused
# <new> gone), which every plugin and the runner build on: `gpu_run.sh check` of the bundle,
# every CUDA plugin's conformance and, when all pass, the attestation. Then issue 35's rows on
# the GPU machine's host, eight times over: the status config of ../h200host-2026-12-03-status
# (cpu_seq's radix sort and VQSort, cpu_tbb on 16 and 2 threads, u32 uniform at 2^24 and 2^26),
# each run followed at once by numpy's np.sort of the same states, so that each run's ratio
# sets the plugins beside an anchor of the same minute, and eight of them show the host's spread.
#   run carry ["bundle"], command: bash docs/results/gpuhost-2026-12-07-host-array/call.sh
set -u
. scripts/gpu_call_setup.sh check status
D=docs/results/gpuhost-2026-12-07-host-array
S=docs/results/h200host-2026-12-03-status
cat $B/REVISION > $OUT/check/revision.txt
OUT=$OUT/check timed check 200 bash $B/gpu_run.sh check > $OUT/check/stage.log 2>&1
grep -E "passed|failed|attestation|digest" $OUT/check/stage.log | tail -4
keep
{ lscpu; nproc; date -u; cat $B/REVISION
  echo "transparent_hugepage/enabled: $(cat /sys/kernel/mm/transparent_hugepage/enabled)"; } \
  > $OUT/status/host.txt 2>&1
for i in 1 2 3 4 5 6 7 8; do
  J=$OUT/status/status_$i.json
  timed status_$i 60 $B/bin/runner $S/status.yaml --plugin-path $B/lib/parprim \
    --no-progress --no-console --json $J > $OUT/status/status_$i.log 2>&1
  timed numpy_$i 40 python3 scripts/numpy_reference.py $J --out $J >> $OUT/status/status_$i.log 2>&1
  python3 $S/status_rows.py $J | tee -a $OUT/status/status_rows.txt
  keep
done
date -u >> $OUT/status/host.txt
keep
