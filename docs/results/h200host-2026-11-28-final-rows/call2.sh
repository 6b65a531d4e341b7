#!/usr/bin/env bash
# Call 2 on the GPU machine's host, an hour after call 1: call.sh's rows again (records in
# host2/), then cyrillic_errors.yaml three times (host2/cyrillic_N.json).
set -u
bash docs/results/h200host-2026-11-28-final-rows/call.sh 2
B=${B:-bundle}
export LD_LIBRARY_PATH=$PWD/$B/lib  # call.sh set it in its own shell
for i in 1 2 3; do
  timeout 60 $B/bin/runner docs/results/h200host-2026-11-28-final-rows/cyrillic_errors.yaml \
    --plugin-path $B/lib/parprim --no-progress --no-console --json $OUT/host2/cyrillic_$i.json \
    > $OUT/host2/cyrillic_$i.log 2>&1
  echo "cyrillic_$i: exit $?"
done
tar czf "$OUT/r.tgz" -C "$OUT" host2
