#!/usr/bin/env bash
# Builds real course submissions unchanged through docs/course-projects.md and prints what
# happened, as a table (issue 32's corpus check).
#
#   scripts/course_corpus.sh FOLDER [OUT]      build each submission, print the table
#   scripts/course_corpus.sh --run OUT          on a GPU machine: conformance and one runner
#                                               sweep of the plugins built in OUT, then the table
#
# FOLDER holds one folder per submission (a checkout of the student's repository, with its
# stream_compaction/); nothing of it is edited or copied into parprim. Each is built in an empty
# folder OUT/NAME holding a copy of its stream_compaction/ and the guide's CMakeLists.txt, taken
# from the guide's first ```cmake block exactly as a student would copy it, against parprim
# installed from build/ (or PARPRIM_PREFIX). OUT defaults to build/course_corpus.
# Columns: built (yes, or where the build failed: parprim's adapter, the project's code, the
# link), course-shaped declarations in its headers (a plain grep, independent of the adapter),
# variants the plugin exposes, functions skipped with a reason; with --run, the variants whose
# conformance passed and the runner records valid and timed.
set -uo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)

usage() { echo "usage: $0 FOLDER [OUT] | $0 --run OUT" >&2; exit 2; }
[ $# -ge 1 ] || usage

# Declarations of the course's shape, by a regex that knows nothing of the adapter: a function
# named for scan, compact or sort taking (int n, int* odata, const int* idata), extra parameters
# only with defaults, declared (`;`) or defined inline in the header (`{`).
course_shaped() {
  cat "$1"/stream_compaction/*.h "$1"/stream_compaction/*.hpp "$1"/stream_compaction/*.cuh \
    2> /dev/null | tr '\n' ' ' | grep -oE \
    '(void|int|float|double) +[A-Za-z_]*([Ss]can|[Cc]ompact|[Ss]ort)[A-Za-z_0-9]* *\( *(const +)?int +[A-Za-z_]+ *, *int *\* *[A-Za-z_]+ *, *const +int *\* *[A-Za-z_]+ *(, *[^,)=]+=[^,)]+)* *\) *[;{]' |
    wc -l
}

build_one() {  # SUBMISSION WORK PREFIX
  local src=$1 work=$2 prefix=$3
  rm -rf "$work" && mkdir -p "$work"
  cp -r "$src/stream_compaction" "$work/"
  bash "$here/scripts/course_guide_block.sh" cmake > "$work/CMakeLists.txt"
  (cd "$work" && cmake -S . -B build -DCMAKE_PREFIX_PATH="$prefix" > configure.log 2>&1 &&
    cmake --build build -j"$(nproc)" > build.log 2>&1)
}

# Where a failed build stopped: parprim's files, the link, or the project's own code.
failure_of() {
  local work=$1
  if [ ! -f "$work/build.log" ]; then
    echo "configure: $(grep -m1 -A2 'CMake Error' "$work/configure.log" | tail -2 | tr -s ' ' | head -c 120)"
  elif grep -q "undefined reference" "$work/build.log"; then
    echo "link: $(grep -m1 -oE "undefined reference to \`[^']*'" "$work/build.log")"
  elif grep -qE "course_adapter\.cu|parprim_course_" "$work/build.log"; then
    echo "parprim's adapter: $(grep -m1 -E 'error' "$work/build.log" | sed "s|$work/||" | head -c 120)"
  else
    echo "project code: $(grep -m1 -E 'error' "$work/build.log" | sed "s|$work/||" | head -c 120)"
  fi
}

row() {  # NAME WORK
  local name=$1 work=$2 plugin built variants skipped shaped
  plugin=$work/build/lib/parprim/parprim_plugin_my_project.so
  shaped=$(cat "$work/shaped")
  if [ -f "$plugin" ]; then
    built=yes
    # The project's plugin's section of the list (the installed plugins are listed too).
    runner --list --plugin-path "$work/build/lib/parprim" 2>&1 |
      awk '/^my_project / { on = 1; print; next } /^[^ ]/ { on = 0 } on' > "$work/list.log"
    variants=$(grep -cE '^  (scan|compact|sort) ' "$work/list.log")
    skipped=$(grep -c '^  skipped ' "$work/list.log")
  else
    built="no ($(failure_of "$work"))"
    variants=0
    skipped=$(grep -c ': skipped ' "$work/configure.log" 2> /dev/null)
  fi
  local gpu=""
  if [ -f "$work/conformance.log" ]; then
    gpu=" | $(conformance_summary "$work") | $(records_summary "$work")"
  fi
  echo "| $name | $built | $shaped | $variants | $skipped$gpu |"
}

# Its variants whose every case passed, of those tested, and the cases of all of them: the
# report's count lines (one per variant, its matrix below it when a case failed).
conformance_summary() {
  local log=$1/conformance.log
  if ! grep -q "^conformance: variant " "$log"; then
    tail -1 "$log" | head -c 80
    return
  fi
  awk '/^conformance: variant / {
         v++; p += $4; f += $7; n += ($9 == "" ? 0 : $9); if ($7 == 0 && $9 == "") ok++ }
       END { printf "%d/%d variants passed every case; cases: %d passed, %d failed, %d not run",
             ok, v, p, f, n }' "$log"
}

records_summary() {  # valid and timed / all records of the project's plugin
  python3 - "$1/results.json" << 'PY'
import json, sys
try:
    records = [r for r in json.load(open(sys.argv[1]))["records"] if r["backend"] == "my_project"]
except (OSError, ValueError, KeyError):
    print("no results"); sys.exit(0)
ok = [r for r in records if r["status"] == "ok" and r.get("time_s")]
whole = [r for r in ok if r.get("timing") == "whole_call"]
failed = sorted({r["variant"] for r in records if r["status"] == "failed"})
print("%d/%d valid and timed (%d whole call)%s" % (len(ok), len(records), len(whole),
      "; failed: " + ", ".join(failed) if failed else ""))
PY
}

header() {
  local extra=""
  [ "${1:-}" = run ] && extra=" conformance | runner records |"
  echo "| submission | built | course-shaped declarations | variants | skipped |$extra"
  echo "| --- | --- | --- | --- | --- |${extra:+ --- | --- |}"
}

if [ "$1" = --run ]; then
  [ $# -eq 2 ] || usage
  out=$2
  config=$out/corpus.yaml
  cat > "$config" << 'EOF'
backends: [my_project]
benchmarks:
  - {operation: scan, types: [i32], sizes: [2^10, 2^16, 2^20 - 3, 2^20]}
  - {operation: compact, types: [i32], sizes: [2^10, 2^16, 2^20 - 3, 2^20]}
  - {operation: sort, types: [i32], distributions: [nonnegative], sizes: [2^10, 2^16, 2^20 - 3, 2^20]}
EOF
  # Submissions run CORPUS_JOBS at a time (default 4): each call of course code allocates and
  # copies, so the GPU is far from busy; the times are a validity check, not a comparison.
  jobs=${CORPUS_JOBS:-4}
  for work in "$out"/*/; do
    work=${work%/}
    plugin=$work/build/lib/parprim/parprim_plugin_my_project.so
    [ -f "$plugin" ] || continue
    while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do wait -n; done
    (
      # A course call that takes 10 s has hung: each hang costs its case that long.
      timeout "${CORPUS_TIMEOUT:-400}" parprim-conformance --case-timeout 10 --plugins "$plugin" \
        > "$work/conformance.log" 2>&1
      echo "exit status $?" >> "$work/conformance.log"
      timeout "${CORPUS_TIMEOUT:-400}" runner "$config" --plugin-path "$work/build/lib/parprim" \
        --no-progress --json "$work/results.json" > "$work/runner.log" 2>&1
    ) &
  done
  wait
  header run
  for work in "$out"/*/; do
    work=${work%/}
    [ -f "$work/submission" ] && row "$(basename "$work")" "$work"
  done
  exit 0
fi

folder=$(cd "$1" && pwd)
out=${2:-$here/build/course_corpus}
mkdir -p "$out" && out=$(cd "$out" && pwd)
prefix=${PARPRIM_PREFIX:-$out/prefix}
if [ -z "${PARPRIM_PREFIX:-}" ]; then
  cmake --install "$here/build" --prefix "$prefix" > "$out/install.log" || exit 1
fi
export PATH="$prefix/bin:$PATH"
header
for src in "$folder"/*/; do
  src=${src%/}
  [ -d "$src/stream_compaction" ] || continue
  name=$(basename "$src")
  build_one "$src" "$out/$name" "$prefix"
  echo "$src" > "$out/$name/submission"
  course_shaped "$src" > "$out/$name/shaped"
  row "$name" "$out/$name"
done
