#!/usr/bin/env bash
# scripts/numpy_reference.py end to end: the runner measures small states of every operation,
# type and distribution (numpy_reference_states.yaml); the script regenerates each input, runs
# numpy on it and appends its records. Every compaction count must equal the runner's oracle
# count (which fails where an input is not regenerated bit for bit), every other numpy record
# must pass its own check or be skipped for a stated reason, and `runner report` must read the
# merged file. Skipped (77) where numpy cannot be had from PyPI.
#   test_numpy_reference.sh RUNNER WORK_DIR
set -euo pipefail
runner=$1 work=$2
here=$(cd "$(dirname "$0")" && pwd)
script="$here/../../scripts/numpy_reference.py"
mkdir -p "$work"
export PARPRIM_NUMPY_VENV="$work/venv-numpy"
if [ ! -x "$PARPRIM_NUMPY_VENV/bin/python" ] || ! "$PARPRIM_NUMPY_VENV/bin/python" -c 'import numpy'; then
  rm -rf "$PARPRIM_NUMPY_VENV"
  if ! python3 -m venv "$PARPRIM_NUMPY_VENV" ||
     ! timeout 120 "$PARPRIM_NUMPY_VENV/bin/python" -m pip install --quiet --disable-pip-version-check "numpy==2.4.*"; then
    echo "numpy cannot be installed from PyPI here: skipped"
    exit 77
  fi
fi

"$runner" "$here/numpy_reference_states.yaml" --no-progress --no-console --json "$work/states.json"
python3 "$script" "$work/states.json" --out "$work/with_numpy.json" --warmup 0 --min-samples 1 \
  --max-samples 2 --min-time 0 --max-time 0.05 2> "$work/script.log" || {
  cat "$work/script.log"; echo "numpy_reference.py failed"; exit 1; }

python3 - "$work/states.json" "$work/with_numpy.json" <<'PY'
import json, sys
plugins = json.load(open(sys.argv[1]))["records"]
merged = json.load(open(sys.argv[2]))
numpy = [r for r in merged["records"] if r["backend"] == "numpy"]
assert merged["context"]["numpy"]["version"].startswith("2.4"), merged["context"]["numpy"]
states = {(r["benchmark"], r["form"], r["type"], r["n"], r["distribution"]) for r in plugins
          if not r["operation"].startswith("utf8")}
assert any(r["operation"] == "utf8_decode" for r in plugins), "the UTF-8 state was not measured"
assert not any(r["operation"].startswith("utf8") for r in numpy), "numpy timed a UTF-8 state"
assert len(numpy) == len(states), (len(numpy), len(states))
assert len(merged["records"]) == len(plugins) + len(numpy)
oracle = {(r["form"], r["type"], r["n"], r["distribution"]): r["kept"]
          for r in plugins if r["operation"] == "compact" and r["status"] == "ok"}
checked = 0
for r in numpy:
    where = f"{r['operation']} {r['form']} {r['type']} n={r['n']} {r['distribution']}"
    if r["status"] == "skipped" and r["distribution"] == "float_special" and r["type"][0] != "f":
        assert "f32 and f64 only" in r["reason"], (where, r["reason"])
        continue
    if r["status"] == "skipped":
        assert r["operation"] == "sort" and r["type"][0] == "f", where
        assert "NaN and -0.0" in r["reason"], (where, r["reason"])
        continue
    assert r["status"] == "ok", (where, r["reason"])
    assert r["time_s"]["median"] >= 0 and r["copy_time_s"]["samples"] >= 1, where
    if r["operation"] == "compact":
        assert r["kept"] == oracle[(r["form"], r["type"], r["n"], r["distribution"])], where
        checked += 1
skipped = sum(r["status"] == "skipped" for r in numpy)
assert checked == 3 * 6 * 4 * 6 + 3 * 2 * 4, checked  # float_special is floats only
assert skipped > 0, "the float sorts of float_special were not skipped"
print(f"{len(numpy)} numpy records; {checked} compaction counts equal the oracle's; {skipped} skipped")
PY
# numpy again with its AVX-512 code off, into the same file: a second backend beside the first,
# whose records and context stay; the second run's dispatch says what was switched off.
python3 "$script" "$work/with_numpy.json" --out "$work/with_both.json" --without-avx512 \
  --warmup 0 --min-samples 1 --max-samples 2 --min-time 0 --max-time 0.05 \
  2> "$work/script_avx2.log" || { cat "$work/script_avx2.log"; echo "--without-avx512 failed"; exit 1; }
python3 - "$work/with_numpy.json" "$work/with_both.json" <<'PY'
import json, sys
first = json.load(open(sys.argv[1]))
both = json.load(open(sys.argv[2]))
count = lambda doc, name: sum(r["backend"] == name for r in doc["records"])
assert count(both, "numpy") == count(first, "numpy") > 0
assert count(both, "numpy_avx2") == count(first, "numpy"), count(both, "numpy_avx2")
assert len(both["records"]) == len(first["records"]) + count(first, "numpy")
about = both["context"]["numpy_backends"]
assert "AVX512" in about["numpy_avx2"]["simd"]["disabled"], about["numpy_avx2"]
assert about["numpy"]["simd"]["disabled"] == "", about["numpy"]
assert not any("AVX512" in f or f == "X86_V4" for f in about["numpy_avx2"]["simd"]["dispatch_found"]), about
assert both["context"]["numpy"] == about["numpy"]
print(f"{count(both, 'numpy_avx2')} numpy_avx2 records beside {count(both, 'numpy')} numpy records")
PY
# The report of one type and distribution (a report draws plots per benchmark: all of them
# would take minutes).
python3 - "$work/with_numpy.json" "$work/u32_uniform.json" <<'PY'
import json, sys
results = json.load(open(sys.argv[1]))
results["records"] = [r for r in results["records"]
                      if r["type"] == "u32" and r["distribution"] == "uniform"]
json.dump(results, open(sys.argv[2], "w"))
PY
"$runner" report "$work/u32_uniform.json" --out "$work/report.md" > /dev/null
grep -q "numpy/np.sort" "$work/report.md"
grep -q "numpy/np.cumsum" "$work/report.md"
grep -q "numpy/boolean mask" "$work/report.md"
