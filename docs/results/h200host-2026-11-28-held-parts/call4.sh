#!/usr/bin/env bash
# Call 4 on the GPU machine's host (its 16 threads; nothing on the GPU): the final code's status
# (95e153e: step 20's chained_parts, two blocks a thread in the sort's splits). Issue 35's rows
# in one run (sort_status.yaml, then numpy's np.sort on its states), and issue 33's row
# (tbb_row.yaml of the step 17 folder) twice.
set -u
. scripts/gpu_call_setup.sh host4
D=docs/results/h200host-2026-11-28-held-parts
timed sort_status 120 $B/bin/runner $D/sort_status.yaml --plugin-path $B/lib/parprim \
  --no-progress --no-console --json $OUT/host4/sort_status.json \
  --markdown $OUT/host4/sort_status.md > $OUT/host4/sort_status.log 2>&1
timed numpy 60 python3 scripts/numpy_reference.py $OUT/host4/sort_status.json \
  --out $OUT/host4/sort_status_with_numpy.json > $OUT/host4/numpy.log 2>&1
keep
for i in 1 2; do
  timed row_$i 80 $B/bin/runner docs/results/h200host-2026-11-28-utf8-last-byte/tbb_row.yaml \
    --plugin-path $B/lib/parprim --no-progress --no-console --json $OUT/host4/row_$i.json \
    --markdown $OUT/host4/row_$i.md > $OUT/host4/row_$i.log 2>&1
  keep
done
