#!/usr/bin/env bash
# docs/course-projects.md, run literally: in an empty folder holding only a course project's
# stream_compaction/ sources (examples/course_project's), write the guide's CMakeLists.txt and
# my_project.yaml from its code blocks and run its shell block against a fresh installation.
# Without a GPU the plugin is reported unavailable and nothing is timed; with one, conformance
# must pass and the runner must validate every state.
# Usage: test_guide.sh BUILD_DIR SOURCE_DIR WORK_DIR
set -euo pipefail
build_dir=$1 source_dir=$2 work=$3
guide=$source_dir/docs/course-projects.md
rm -rf "$work"
mkdir -p "$work/project"
prefix=$work/prefix
fail() { echo "FAIL: $*" >&2; exit 1; }

# block LANG: the first fenced block of that language in the guide's first section.
block() { bash "$source_dir/scripts/course_guide_block.sh" "$1" "$guide"; }

cmake --install "$build_dir" --prefix "$prefix" > "$work/install.log"
cd "$work/project"
cp -r "$source_dir/examples/course_project/stream_compaction" .
block cmake > CMakeLists.txt
block yaml > my_project.yaml
block sh | sed "s|<parprim prefix>|$prefix|g" > "$work/guide_commands.sh"
for f in CMakeLists.txt my_project.yaml "$work/guide_commands.sh"; do
  [ -s "$f" ] || fail "the guide has no block for $f"
done
echo "== the guide's commands, in $work/project:"
cat "$work/guide_commands.sh"

# Every command runs (no -e): without a GPU the runner exits 3 (states skipped), which the
# checks below tell apart from a failure.
PATH="$prefix/bin:$PATH" bash -x "$work/guide_commands.sh" > "$work/guide.log" 2>&1 || true
cat "$work/guide.log"

plugin=build/lib/parprim/parprim_plugin_my_project.so
[ -f "$plugin" ] || fail "no $plugin"
"$prefix/bin/runner" --list --plugin-path build/lib/parprim > "$work/list.log" 2>&1 || true
for text in "my_project course (ABI 1)" "timing: its own timer" \
            "scan     efficient/scan" "compact  efficient/compact" "sort     radix/sort"; do
  grep -qF -- "$text" "$work/list.log" || { cat "$work/list.log"; fail "--list lacks: $text"; }
done
[ -f results.json ] || fail "the runner wrote no results.json"
if grep -q "^runner: plot: " "$work/guide.log"; then fail "runner plot could not run"; fi
if grep -q "conformance: unavailable, skipped" "$work/guide.log"; then
  grep -qF "backend my_project course: unavailable, skipped: " "$work/guide.log" ||
    fail "the runner did not report the plugin unavailable"
  echo "PASS (no GPU here: the plugin built, listed and reported unavailable)"
else
  grep -qF "conformance: 1 plugins passed, 0 failed" "$work/guide.log" ||
    fail "conformance did not pass"
  python3 - results.json <<'PY' || fail "not every state of my_project validated"
import json, sys
records = [r for r in json.load(open(sys.argv[1]))["records"] if r["backend"] == "my_project"]
sys.exit(0 if records and all(r["status"] == "ok" for r in records) else 1)
PY
  ls plots/*.png > /dev/null || fail "runner plot drew nothing"
  ls figure/course_scan_*.png > /dev/null || fail "runner plot --course drew no course figure"
  echo "PASS (validated and timed on the GPU)"
fi
