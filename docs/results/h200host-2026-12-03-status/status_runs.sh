# Issue 35's rows on a GPU machine's host, the part of a device call that every host-rows call
# repeated: sourced by a call script after scripts/gpu_call_setup.sh (which defines keep and
# timed, and made $OUT/status), from the repository root on the GPU machine:
#   . docs/results/h200host-2026-12-03-status/status_runs.sh
#   status_runs COUNT START DEADLINE
# runs status.yaml (beside this file) COUNT times, each run followed at once by numpy's np.sort
# of the same states (scripts/numpy_reference.py), so that each run's ratios set the plugins
# beside an anchor of the same minute; prints status_rows.py's rows of each run, keeps after
# each, and starts no run once DEADLINE seconds have passed since START (a `date +%s`).
status_here=$(dirname "${BASH_SOURCE[0]}")

status_runs() {
  local count=$1 start=$2 deadline=$3 i J
  { lscpu; nproc; date -u; cat "$B/REVISION"
    echo "transparent_hugepage/enabled: $(cat /sys/kernel/mm/transparent_hugepage/enabled)"; } \
    > "$OUT/status/host.txt" 2>&1
  for ((i = 1; i <= count; ++i)); do
    if [ $(($(date +%s) - start)) -ge "$deadline" ]; then
      echo "status: stopped before run $i for time"
      break
    fi
    J=$OUT/status/status_$i.json
    timed status_$i 60 "$B/bin/runner" "$status_here/status.yaml" --plugin-path "$B/lib/parprim" \
      --no-progress --no-console --json "$J" > "$OUT/status/status_$i.log" 2>&1
    timed numpy_$i 40 python3 scripts/numpy_reference.py "$J" --out "$J" \
      >> "$OUT/status/status_$i.log" 2>&1
    python3 "$status_here/status_rows.py" "$J" | tee -a "$OUT/status/status_rows.txt"
    keep
  done
  date -u >> "$OUT/status/host.txt"
  keep
}
