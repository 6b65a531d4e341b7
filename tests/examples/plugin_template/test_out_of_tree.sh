#!/usr/bin/env bash
# The plugin SDK end to end, as a plugin author meets it (docs/writing-a-plugin.md):
#   1. install the built parprim into a fresh prefix (nothing may land outside it);
#   2. build examples/plugin_template out of tree against that prefix alone;
#   3. run the installed conformance suite and the installed runner on it: both must pass;
#   4. build a copy whose scan is off by one above 1000 elements: both must fail, naming the
#      plugin and the first wrong element.
# Usage: test_out_of_tree.sh BUILD_DIR SOURCE_DIR WORK_DIR
set -euo pipefail
build_dir=$1 source_dir=$2 work=$3
rm -rf "$work"
mkdir -p "$work"
prefix=$work/prefix

step() { printf '\n== %s\n' "$*"; }
fail() { echo "FAIL: $*" >&2; exit 1; }
# expect WANT GOT LOG TEXT...: a command's exit status (WANT a number, or "nonzero") and lines
# its log must contain.
expect() {
  local want=$1 got=$2 log=$3
  shift 3
  if [ "$want" = nonzero ]; then
    [ "$got" != 0 ] || { cat "$log"; fail "exit status 0, expected a failure"; }
  else
    [ "$got" = "$want" ] || { cat "$log"; fail "exit status $got, expected $want"; }
  fi
  for text in "$@"; do
    grep -qF -- "$text" "$log" || { cat "$log"; fail "output lacks: $text"; }
  done
}

step "cmake --install into $prefix"
cmake --install "$build_dir" --prefix "$prefix" > "$work/install.log"
outside=$(grep -v "^$prefix/" "$build_dir/install_manifest.txt" || true)
[ -z "$outside" ] || fail "installed outside the prefix: $outside"
for f in bin/runner bin/parprim-conformance lib/parprim/parprim_plugin_cpu_seq.so \
         include/parprim/plugin.hpp lib/cmake/parprim/parprimConfig.cmake; do
  [ -e "$prefix/$f" ] || fail "the installation lacks $f"
done

# build_template NAME: copies the template to $work/NAME and builds it against the prefix.
build_template() {
  cp -r "$source_dir/examples/plugin_template" "$work/$1"
  [ -n "${2:-}" ] && (cd "$work/$1" && eval "$2")
  cmake -S "$work/$1" -B "$work/$1/build" -DCMAKE_PREFIX_PATH="$prefix" > "$work/$1.configure.log" ||
    { cat "$work/$1.configure.log"; fail "configuring $1"; }
  cmake --build "$work/$1/build" -j "$(nproc)" > "$work/$1.build.log" ||
    { cat "$work/$1.build.log"; fail "building $1"; }
}

step "the template, built out of tree"
build_template my_plugin
ls "$work/my_plugin/build/lib/parprim"
cd "$work/my_plugin"

step "runner --list: where each plugin came from"
status=0
"$prefix/bin/runner" --list my_scan.yaml > "$work/list.log" 2>&1 || status=$?
expect 0 "$status" "$work/list.log" \
  "my_scan 0.1.0 (ABI 1) from $work/my_plugin/build/lib/parprim/parprim_plugin_my_scan.so [config]" \
  "cpu_seq 1.0.0 (ABI 1) from $prefix/lib/parprim/parprim_plugin_cpu_seq.so [default]"
grep -A1 "^my_scan" "$work/list.log"

step "conformance on the template"
status=0
"$prefix/bin/parprim-conformance" --plugins build/lib/parprim > "$work/conformance.log" 2>&1 ||
  status=$?
expect 0 "$status" "$work/conformance.log" "conformance: testing my_scan 0.1.0" "All tests passed"
grep "^conformance:" "$work/conformance.log"
tail -2 "$work/conformance.log"

step "the suite pointed at the plugin by PARPRIM_CONFORMANCE_PLUGINS instead"
status=0
PARPRIM_CONFORMANCE_PLUGINS="$work/my_plugin/build/lib/parprim/parprim_plugin_my_scan.so" \
  "$prefix/bin/parprim-conformance" "conformance: the plugins under test load" \
  > "$work/conformance_env.log" 2>&1 || status=$?
expect 0 "$status" "$work/conformance_env.log" "conformance: testing my_scan 0.1.0"
grep "^conformance:" "$work/conformance_env.log"

step "runner my_scan.yaml on the template"
status=0
"$prefix/bin/runner" my_scan.yaml --no-progress > "$work/runner.log" 2>&1 ||
  status=$?
expect 0 "$status" "$work/runner.log" "0 failed" "exit status 0"
[ -s results/my_scan.json ] || fail "the runner wrote no results/my_scan.json"
tail -1 "$work/runner.log"

step "a wrong variant of the template: its scan off by one above 1000 elements"
build_template wrong_plugin \
  "sed -i 's/  Sum running = 0;/  Sum running = n > 1000 ? 1 : 0;/' my_scan_plugin.cpp"
grep -qF "Sum running = n > 1000 ? 1 : 0;" "$work/wrong_plugin/my_scan_plugin.cpp" ||
  fail "the planted bug did not apply to the template"
cd "$work/wrong_plugin"
status=0
"$prefix/bin/parprim-conformance" --plugins build/lib/parprim > "$work/wrong_conformance.log" 2>&1 ||
  status=$?
# Catch2's exit status is the number of failed assertions.
expect nonzero "$status" "$work/wrong_conformance.log" 'client.name() := "my_scan"' \
  "element 0: expected 0, actual 1"
grep -m1 "element 0: expected 0, actual 1" "$work/wrong_conformance.log"
tail -3 "$work/wrong_conformance.log"
status=0
"$prefix/bin/runner" my_scan.yaml --no-progress > "$work/wrong_runner.log" 2>&1 ||
  status=$?
expect 1 "$status" "$work/wrong_runner.log" "FAILED my_scan/sequential n=1023" \
  "element 0: expected 0, actual 1" "exit status 1"
grep -m1 "FAILED my_scan/sequential n=1023" "$work/wrong_runner.log"
echo
echo "out-of-tree plugin: the template passes; its off-by-one variant is caught by both"
