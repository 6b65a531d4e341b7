#!/usr/bin/env bash
# On the GPU machine's host (its 16 threads; nothing on the GPU): the rows of issues 33 and 35
# with the code of d51aece (utf8.md step 23; the sorts unchanged since step 25). Issue 35's rows
# in one run (sort_status.yaml of the held-parts folder, then numpy's np.sort on its states),
# and issue 33's row (tbb_row.yaml of the step 17 folder) twice. Run once per call; the call's
# number is the first argument (its records go to host<N>/).
set -u
N=${1:?call number}
. scripts/gpu_call_setup.sh host$N
lscpu > $OUT/host$N/host.txt; nproc >> $OUT/host$N/host.txt
timed sort_status 120 $B/bin/runner docs/results/h200host-2026-11-28-held-parts/sort_status.yaml \
  --plugin-path $B/lib/parprim --no-progress --no-console --json $OUT/host$N/sort_status.json \
  --markdown $OUT/host$N/sort_status.md > $OUT/host$N/sort_status.log 2>&1
tail -1 $OUT/host$N/sort_status.log
timed numpy 60 python3 scripts/numpy_reference.py $OUT/host$N/sort_status.json \
  --out $OUT/host$N/sort_status_with_numpy.json > $OUT/host$N/numpy.log 2>&1
keep
for i in 1 2; do
  timed row_$i 80 $B/bin/runner docs/results/h200host-2026-11-28-utf8-last-byte/tbb_row.yaml \
    --plugin-path $B/lib/parprim --no-progress --no-console --json $OUT/host$N/row_$i.json \
    --markdown $OUT/host$N/row_$i.md > $OUT/host$N/row_$i.log 2>&1
  tail -1 $OUT/host$N/row_$i.log
  keep
done
