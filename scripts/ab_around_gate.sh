# `ab_around_gate CONFIG SECONDS BASE=DIR NEW=DIR`: the device call that lands a GPU change,
# in one call (scripts/gpu_call_setup.sh sources this beside timed.sh; the call made the
# folders ab and check under $OUT):
#   1. the A/B of CONFIG, BASE then NEW (gpu_ab.sh, one round, SECONDS a run), into $OUT/ab/forward;
#   2. `gpu_run.sh check` of the bundle (every CUDA plugin's conformance and, when all pass, the
#      attestation of the bundle's code, NEW's), its log in $OUT/check/stage.log;
#   3. the A/B in the other order, into $OUT/ab/reverse,
# printing each A/B's comparison and the check's verdict, and keeping after each step, so that
# a call cut by its limit brings back what it did. Uses $B (the bundle), keep and timed.
ab_around_gate() {
  local config=$1 seconds=$2 base=$3 new=$4
  OUT=$OUT/ab/forward bash "$B/gpu_ab.sh" "$config" 1 "$seconds" "$base" "$new"
  grep -E "^\|" "$OUT/ab/forward/compare_1_2.md" | cut -c1-170 | head -40
  keep
  OUT=$OUT/check timed check 240 bash "$B/gpu_run.sh" check > "$OUT/check/stage.log" 2>&1
  grep -E "passed|failed|attestation|digest" "$OUT/check/stage.log" | tail -8
  keep
  OUT=$OUT/ab/reverse bash "$B/gpu_ab.sh" "$config" 1 "$seconds" "$new" "$base"
  grep -E "^\|" "$OUT/ab/reverse/compare_1_2.md" | cut -c1-170 | head -40
  keep
}
