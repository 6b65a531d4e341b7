#!/usr/bin/env bash
# On the GPU machine's host (its 16 threads; nothing on the GPU). utf8.md step 20 (parts reduced
# ahead while their predecessors are still being reduced) and cpu_sort.md step 26 (four blocks a
# thread in cpu_tbb's splits): the host's facts, cpu_tbb's own tests of chained_parts, then
# host_ab.yaml six times, three sides alternated by scripts/gpu_ab.sh: before/ (dec2757's
# cpu_tbb: one part a worker, two blocks a thread), held2/ (eaec967's: two parts a worker, two
# blocks) and the bundle's (150ff8d: two parts a worker, four blocks a thread). before and held2
# carry the same sort code, held2 and the bundle's the same chained_parts: each pair's other
# operation shows the host's spread. Then numpy's np.sort on the last run's sort states.
set -u
. scripts/gpu_call_setup.sh host
D=docs/results/h200host-2026-11-28-held-parts
lscpu > $OUT/host/host.txt; nproc >> $OUT/host/host.txt
timed unit_tests 60 $B/bin/test_cpu_tbb_parts > $OUT/host/test_cpu_tbb_parts.log 2>&1
tail -2 $OUT/host/test_cpu_tbb_parts.log
OUT=$OUT/host timeout 450 bash $B/gpu_ab.sh $D/host_ab.yaml 2 85 before=$B/before \
  held2=$B/held2 blocks4=$B/lib/parprim
keep
timed numpy 50 python3 scripts/numpy_reference.py $OUT/host/ab_6_blocks4.json \
  --out $OUT/host/ab_6_with_numpy.json > $OUT/host/numpy.log 2>&1
keep
