#!/usr/bin/env bash
# An A/B of plugin builds within one call on the GPU machine, so that both sides meet the same
# card, clocks and neighbours: `runner CONFIG --plugin-path DIR` for each side in turn, the sides
# alternated ROUNDS times, then `runner compare` of each consecutive pair (the first side as the
# base). A side is NAME=DIR, DIR a folder of plugins (relative to where it runs): an earlier
# build carried beside the bundle, or the bundle's own lib/parprim. scripts/bundle.sh copies
# this script into the bundle.
#   OUT=DIR bash bundle/gpu_ab.sh CONFIG ROUNDS SECONDS NAME=DIR NAME=DIR [NAME=DIR ...]
# Writes OUT/ab_I_NAME.{json,md,log} (I counts runs from 1) and OUT/compare_I_J.md; SECONDS
# bounds each run. Exits non-zero when a run failed or was cut by its limit.
set -u
if [ $# -lt 5 ]; then
  echo "usage: OUT=DIR bash gpu_ab.sh CONFIG ROUNDS SECONDS NAME=DIR NAME=DIR [...]" >&2
  exit 2
fi
config=$1 rounds=$2 seconds=$3
shift 3
here=$(cd "$(dirname "$0")" && pwd)
# A bundle compacted to travel (scripts/compact_bundle.sh) is unpacked on first use.
if [ -f "$here/unpack_bundle.sh" ]; then bash "$here/unpack_bundle.sh" "$here"; fi
out=${OUT:?OUT names the folder for the records}
mkdir -p "$out"
status=0 i=0 bases=()  # bases[i - 1]: run i's records, without their extension
for ((round = 1; round <= rounds; ++round)); do
  for side in "$@"; do
    name=${side%%=*} dir=${side#*=}
    i=$((i + 1))
    base="$out/ab_${i}_$name"
    start=$(date +%s)
    timeout "$seconds" "$here/bin/runner" "$config" --plugin-path "$dir" --no-progress \
      --no-console --json "$base.json" --markdown "$base.md" > "$base.log" 2>&1
    code=$?
    echo "run $i $name ($dir): exit $code in $(($(date +%s) - start)) s"
    [ $code -eq 0 ] || status=1
    bases+=("$base")
  done
done
# Each side against the first, run by run: 1 vs 2, 3 vs 4, ... for two sides.
sides=$#
for ((r = 0; r < ${#bases[@]}; r += sides)); do
  for ((s = 1; s < sides; ++s)); do
    a=${bases[$r]}.json b=${bases[$((r + s))]}.json
    if [ -f "$a" ] && [ -f "$b" ]; then
      "$here/bin/runner" compare "$a" "$b" --markdown "$out/compare_$((r + 1))_$((r + s + 1)).md" |
        tail -1
    fi
  done
done
exit $status
