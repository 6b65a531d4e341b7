#!/usr/bin/env bash
# On the GPU machine's host, issue 35: the CPU backends' buffers on huge pages
# (parprim::allocate_host_memory, core/include/parprim/host_memory.hpp). The host's THP settings;
# then ab.yaml (cpu_seq, cpu_tbb on 2 and 16 threads, 2^24 and 2^26) with the tree's CPU plugins
# before the change (.device/host_before) against the bundle's (after), three rounds, the order
# turned in each next one, the host's AnonHugePages read every 0.2 s beside them; numpy's np.sort
# on round 1's after run; then `gpu_run.sh check` of the bundle (the change touches core, which
# the GPU plugins build on): every CUDA plugin's conformance and, when all pass, the attestation.
#   run carry ["bundle", ".device/host_before"], command:
#   bash docs/results/gpuhost-2026-12-07-host-huge-pages/call.sh
set -u
. scripts/gpu_call_setup.sh host check
D=docs/results/gpuhost-2026-12-07-host-huge-pages
{ lscpu; date -u; cat $B/REVISION
  for f in enabled defrag shmem_enabled khugepaged/defrag; do
    echo "transparent_hugepage/$f: $(cat /sys/kernel/mm/transparent_hugepage/$f)"
  done; grep -i huge /proc/meminfo; } > $OUT/host/host.txt 2>&1
( while true; do echo "$(date +%s.%N) $(grep AnonHugePages /proc/meminfo)"; sleep 0.2; done ) \
  > $OUT/host/anon_huge_pages.txt &
sampler=$!
OUT=$OUT/host/ab timed ab 240 bash $B/gpu_ab.sh $D/ab.yaml 1 60 \
  before=.device/host_before after=$B/lib/parprim after2=$B/lib/parprim before2=.device/host_before \
  before3=.device/host_before after3=$B/lib/parprim
kill $sampler
keep
timed numpy 90 python3 scripts/numpy_reference.py $OUT/host/ab/ab_2_after.json \
  --out $OUT/host/after_with_numpy.json > $OUT/host/numpy.log 2>&1
keep
cat $B/REVISION > $OUT/check/revision.txt
OUT=$OUT/check timed check 200 bash $B/gpu_run.sh check > $OUT/check/stage.log 2>&1
grep -E "passed|failed|attestation|digest" $OUT/check/stage.log | tail -4
keep
