#!/usr/bin/env bash
# Builds the libFuzzer targets (CMake preset `fuzz`: clang with ASan and UBSan), replays the
# committed corpus, then fuzzes for a bounded time. Any crash, hang (10 s per input) or memory
# beyond 2 GiB fails it; a crashing input is written to build-fuzz/findings/.
#   scripts/run_fuzzers.sh [SECONDS]   (default 60)
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-60}"
targets=(config worker_reply utf8_decode)
cmake --preset fuzz > /dev/null
# The targets named here, so that a new fuzzer is one word in this list.
cmake --build --preset fuzz --target "${targets[@]/%/_fuzzer}"
findings=build-fuzz/findings
mkdir -p "$findings"
# One target's replay and fuzzing. New inputs go to the target's own scratch corpus, never
# into the committed one.
fuzz_target() {
  local target=$1
  local fuzzer=build-fuzz/fuzz/${target}_fuzzer corpus=fuzz/corpus/$target
  local work=build-fuzz/corpus/$target
  mkdir -p "$work"
  echo "== $target: replaying $(ls "$corpus" | wc -l) committed inputs"
  "$fuzzer" -timeout=10 -rss_limit_mb=2048 "$corpus"/*
  echo "== $target: fuzzing for $seconds s"
  "$fuzzer" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=4096 \
    -artifact_prefix="$findings/" -print_final_stats=1 "$work" "$corpus" 2>&1 | tail -12
}
# The targets run side by side, each for $seconds of wall time (CI's time: one after another
# they took 3 x 60 s of its ~42 minutes); each one's log is printed whole when it ends, and any
# target's failure fails the script after all have finished.
pids=()
for target in "${targets[@]}"; do
  fuzz_target "$target" > "build-fuzz/$target.log" 2>&1 &
  pids+=($!)
done
failed=()
for k in "${!targets[@]}"; do
  wait "${pids[$k]}" || failed+=("${targets[$k]}")
  cat "build-fuzz/${targets[$k]}.log"
done
if ((${#failed[@]})); then
  echo "run_fuzzers.sh: failed: ${failed[*]} (see its log above; a crashing input is kept in $findings/)" >&2
  exit 1
fi
