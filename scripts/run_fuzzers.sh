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
work=build-fuzz/corpus
mkdir -p "$findings" "$work"
for target in "${targets[@]}"; do
  fuzzer=build-fuzz/fuzz/${target}_fuzzer
  corpus=fuzz/corpus/$target
  echo "== $target: replaying $(ls "$corpus" | wc -l) committed inputs"
  "$fuzzer" -timeout=10 -rss_limit_mb=2048 "$corpus"/*
  echo "== $target: fuzzing for $seconds s"
  # New inputs go to a scratch corpus, never into the committed one.
  "$fuzzer" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=4096 \
    -artifact_prefix="$findings/" -print_final_stats=1 "$work" "$corpus" 2>&1 | tail -12
done
