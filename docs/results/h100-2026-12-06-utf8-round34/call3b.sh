#!/usr/bin/env bash
# Call 3b, written inline at the device (its command below, as run) on call 3's machine while
# warm, after call 3's status run met the Emerald Rapids host (model 207): issue 35's status
# twice more, so that the host's rows rest on three runs.
#   run carry ["bundle", ".device"], command:
. scripts/gpu_call_setup.sh status2; S=docs/results/h200host-2026-12-03-status; { lscpu; date -u; cat $B/REVISION; } > $OUT/status2/host.txt; for i in 2 3; do J=$OUT/status2/status_$i.json; timed status_$i 60 $B/bin/runner $S/status.yaml --plugin-path $B/lib/parprim --no-progress --no-console --json $J > $OUT/status2/status_$i.log 2>&1; timed numpy_$i 40 python3 scripts/numpy_reference.py $J --out $J >> $OUT/status2/status_$i.log 2>&1; python3 $S/status_rows.py $J | tee -a $OUT/status2/status_rows.txt; keep; done
