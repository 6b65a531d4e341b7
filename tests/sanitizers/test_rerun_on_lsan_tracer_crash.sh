#!/usr/bin/env bash
# The asan preset's test launcher, on made-up test commands: it reruns a command only while
# LeakSanitizer's tracer crash is what failed it, at most three times, and passes on every other
# exit status and all of the output unchanged.
set -euo pipefail
launcher="$(dirname "$0")/rerun_on_lsan_tracer_crash.sh"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# A fake test: its Nth run crashes LSan's tracer while N < crashes_before_pass, then exits with
# final_status. Every run is counted in $work/runs.
cat >"$work/fake_test.sh" <<'FAKE'
#!/usr/bin/env bash
runs=$(( $(cat "$COUNT_FILE" 2>/dev/null || echo 0) + 1 ))
echo "$runs" >"$COUNT_FILE"
echo "fake test output, run $runs"
if ((runs < CRASHES_BEFORE_PASS)); then
  echo "Tracer caught signal 11: addr=0x678 pc=0x7f8c0cae80f0 sp=0x7f8c099ffd10" >&2
  echo "==1==LeakSanitizer has encountered a fatal error." >&2
  exit 1
fi
echo "fake test error text" >&2
exit "$FINAL_STATUS"
FAKE
chmod +x "$work/fake_test.sh"

failures=0
# expect NAME CRASHES_BEFORE_PASS FINAL_STATUS WANT_STATUS WANT_RUNS
expect() {
  local name=$1 crashes=$2 final=$3 want_status=$4 want_runs=$5 status=0
  rm -f "$work/runs"
  COUNT_FILE="$work/runs" CRASHES_BEFORE_PASS=$crashes FINAL_STATUS=$final \
    "$launcher" "$work/fake_test.sh" >"$work/out" 2>"$work/err" || status=$?
  local runs
  runs=$(cat "$work/runs")
  if ((status != want_status || runs != want_runs)); then
    echo "FAIL $name: status $status (want $want_status), runs $runs (want $want_runs)"
    failures=$((failures + 1))
  else
    echo "ok   $name: status $status after $runs runs"
  fi
}

expect "a passing test runs once" 0 0 0 1
expect "a failing test runs once, its status kept" 0 3 3 1
expect "a tracer crash, then a pass: passes" 2 0 0 2
expect "two tracer crashes, then a pass: passes" 3 0 0 3
expect "three tracer crashes: fails, no fourth run" 9 0 1 3
expect "a tracer crash, then a real failure: the failure's status" 2 5 5 2

# The output comes through: stdout to stdout, stderr to stderr, every run's.
rm -f "$work/runs"
COUNT_FILE="$work/runs" CRASHES_BEFORE_PASS=2 FINAL_STATUS=0 \
  "$launcher" "$work/fake_test.sh" >"$work/out" 2>"$work/err"
if ! grep -q "run 1" "$work/out" || ! grep -q "run 2" "$work/out" ||
  ! grep -q "Tracer caught signal" "$work/err" || ! grep -q "fake test error text" "$work/err" ||
  grep -q "Tracer" "$work/out"; then
  echo "FAIL the output is not passed through as it was written"
  failures=$((failures + 1))
else
  echo "ok   the output is passed through, stdout and stderr apart"
fi
exit $((failures > 0))
