#!/usr/bin/env bash
# scripts/cpython_reference.py end to end: the runner measures small UTF-8 states of every mix
# (cpython_reference_states.yaml); the script has the runner regenerate each input, times
# CPython's codec on it and appends its records. Every decode count and every encoded length
# must equal the runner's oracle count (which fails where an input is not regenerated bit for
# bit, the text with errors above all), the forms CPython lacks must be skipped for their stated
# reason, and `runner report` must read the merged file.
#   test_cpython_reference.sh RUNNER WORK_DIR
set -euo pipefail
runner=$1 work=$2
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$work"
"$runner" "$here/cpython_reference_states.yaml" --no-progress --no-console --json "$work/states.json"
python3 "$here/../../scripts/cpython_reference.py" "$work/states.json" --out "$work/with_cpython.json" \
  --runner "$runner" --warmup 0 --min-samples 1 --max-samples 2 --min-time 0 --max-time 0.05 \
  2> "$work/script.log" || { cat "$work/script.log"; echo "cpython_reference.py failed"; exit 1; }

python3 - "$work/states.json" "$work/with_cpython.json" <<'PY'
import json, sys
plugins = [r for r in json.load(open(sys.argv[1]))["records"] if r["variant"] == "simd"]
merged = json.load(open(sys.argv[2]))
cpython = [r for r in merged["records"] if r["backend"] == "cpython"]
assert merged["context"]["cpython"]["version"], merged["context"]
assert len(cpython) == len(plugins), (len(cpython), len(plugins))
oracle = {(r["operation"], r["distribution"], r["errors"]): r["written"]
          for r in plugins if r["status"] == "ok" and r["utf8_form"] == "replace"}
checked = skipped = 0
for r in cpython:
    where = f"{r['operation']} {r['form']} {r['distribution']} errors={r['errors']}"
    if r["operation"] == "utf8_decode" and r["utf8_form"] == "validate":
        assert r["status"] == "skipped" and "only validates" in r["reason"], (where, r)
        skipped += 1
    elif r["operation"] == "utf8_encode" and r["errors"] > 0:
        assert r["status"] == "skipped" and "U+10FFFF" in r["reason"], (where, r)
        skipped += 1
    else:
        assert r["status"] == "ok", (where, r["reason"])
        assert r["written"] == oracle[(r["operation"], r["distribution"], r["errors"])], where
        assert r["time_s"]["median"] >= 0 and r["fraction_of_copy"] > 0, where
        checked += 1
assert checked == 7 * 2 + 7, checked
assert skipped == 7 * 2 + 7, skipped
print(f"{checked} cpython records checked against the oracle's counts; {skipped} skipped")
PY
"$runner" report "$work/with_cpython.json" --out "$work/report.md" > /dev/null
grep -q "cpython/bytes.decode" "$work/report.md"
grep -q "cpython/str.encode" "$work/report.md"
