#!/usr/bin/env bash
# Call 2 on the GPU machine's host (its 16 threads; nothing on the GPU). utf8.md step 21 (four
# parts a worker) and cpu_sort.md step 26 (four blocks a thread in cpu_tbb's splits) again:
# host_ab2.yaml six times, three sides alternated by scripts/gpu_ab.sh: the bundle's (7b2f379:
# two parts a worker, four blocks a thread), held4/ (the same with held_parts 4, a one-line
# build not committed) and blocks2/ (eaec967's: two parts a worker, two blocks a thread); then
# numpy's np.sort on the last run's sort states (issue 35's 16-thread row), and issue 35's
# one-thread rows (seq_status.yaml: cpu_seq's radix sort and VQSort) with numpy beside them.
set -u
. scripts/gpu_call_setup.sh host2
D=docs/results/h200host-2026-11-28-held-parts
OUT=$OUT/host2 timeout 400 bash $B/gpu_ab.sh $D/host_ab2.yaml 2 75 held2=$B/lib/parprim \
  held4=$B/held4 blocks2=$B/blocks2
keep
timed numpy 45 python3 scripts/numpy_reference.py $OUT/host2/ab_4_held2.json \
  --out $OUT/host2/ab_4_with_numpy.json > $OUT/host2/numpy.log 2>&1
keep
timed seq_status 60 $B/bin/runner $D/seq_status.yaml --plugin-path $B/lib/parprim --no-progress \
  --no-console --json $OUT/host2/seq_status.json --markdown $OUT/host2/seq_status.md \
  > $OUT/host2/seq_status.log 2>&1
timed seq_numpy 60 python3 scripts/numpy_reference.py $OUT/host2/seq_status.json \
  --out $OUT/host2/seq_status_with_numpy.json > $OUT/host2/seq_numpy.log 2>&1
keep
