#!/usr/bin/env bash
# ICU on Debian's data library (full) and on the empty one (empty), alternately, ROUNDS rounds
# of icu_ab.yaml, with the build's runner: bash ab.sh BUILD_DIR OUT_DIR [ROUNDS]. The empty library
# is put first by LD_LIBRARY_PATH. It ran as `ab.sh build ...`, a relative folder, which the
# workers' sandbox does not open (it opens LD_LIBRARY_PATH's absolute folders only: a first try
# had each record say the read was refused, the loader having taken Debian's library after
# all), so both sides run without the sandbox.
set -euo pipefail
build=$1 out=$2 rounds=${3:-2}
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$out"
for r in $(seq 1 "$rounds"); do
  for state in full empty; do
    env_path=""
    [ "$state" = empty ] && env_path="$build/lib/icu_empty_data"
    LD_LIBRARY_PATH=$env_path "$build/bin/runner" "$here/icu_ab.yaml" --no-progress --no-console --no-sandbox \
      --json "$out/$state-$r.json" > "$out/$state-$r.log" 2>&1
    echo "$state round $r: rc $?"
  done
done
