#!/usr/bin/env bash
# scripts/ncu_pipes.sh against a stand-in ncu (no GPU here): it profiles one launch of the named
# kernel in the bundle's runner with the side's plugins, asks for the time, the instructions and
# every pipe's share, writes the report to the file named, prints the metric lines only, and
# passes ncu's exit status on; a wrong call is refused with the usage.
#   test_ncu_pipes.sh WORK_DIR
set -uo pipefail
work=$1
here=$(cd "$(dirname "$0")" && pwd)
script="$here/../../scripts/ncu_pipes.sh"
rm -rf "$work" && mkdir -p "$work"
cd "$work"
fail() { echo "test_ncu_pipes.sh: $*" >&2; exit 1; }
cat > fake_ncu <<'NCU'
#!/usr/bin/env bash
printf '%s\n' "$@" > args.txt
echo "==PROF== Connected to process"
echo "    gpu__time_duration.sum      usecond   40.06"
echo "    sm__inst_executed_pipe_alu.avg.pct_of_peak_sustained_active   %   87.59"
exit "${FAKE_EXIT:-0}"
NCU
chmod +x fake_ncu

NCU=$PWD/fake_ncu B=mybundle bash "$script" validate_tile cfg.yaml .device/before report.txt > shown.txt
[ $? -eq 0 ] || fail "exit status not 0"
grep -qx -- "--kernel-name" args.txt && grep -qx "regex:validate_tile" args.txt || fail "kernel"
grep -qx -- "--launch-count" args.txt || fail "not one launch"
for m in gpu__time_duration.sum smsp__inst_executed.sum sm__inst_executed_pipe_alu \
  sm__inst_executed_pipe_fma.avg sm__inst_executed_pipe_fmaheavy sm__issue_active sm__warps_active; do
  grep -q "$m" args.txt || fail "metric $m not asked for"
done
grep -qx "mybundle/bin/runner" args.txt && grep -qx "cfg.yaml" args.txt || fail "runner or config"
grep -qx -- "--plugin-path" args.txt && grep -qx ".device/before" args.txt || fail "plugin path"
grep -q "Connected" report.txt || fail "the report is not in the file"
grep -q "Connected" shown.txt && fail "a line other than a metric was printed"
[ "$(wc -l < shown.txt)" -eq 2 ] || fail "the metric lines were not printed"

FAKE_EXIT=3 NCU=$PWD/fake_ncu bash "$script" k c d r2.txt > /dev/null
[ $? -eq 3 ] || fail "ncu's failure was not passed on"
bash "$script" only two 2> err.txt
[ $? -eq 2 ] && grep -q usage err.txt || fail "a wrong call was not refused"
echo "test_ncu_pipes.sh: passed"
