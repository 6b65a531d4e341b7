#!/usr/bin/env bash
# scripts/gpu_ab.sh end to end, on the CPU (the script is the same on the GPU machine): a
# bundle-shaped folder (bin/runner beside the script), two sides each a folder holding its own
# copy of a plugin, two rounds. Each run must load its side's plugin (the record's context names
# the file), the runs alternate a, b, a, b, each pair gets a `runner compare` page, and the
# script exits 0; a side whose folder does not exist fails its run and the script's exit status;
# too few arguments is a usage error (2). scripts/ab_sides.py reads the runs back.
#   test_gpu_ab.sh RUNNER PLUGIN WORK_DIR
set -euo pipefail
runner=$1 plugin=$2 work=$3
here=$(cd "$(dirname "$0")" && pwd)
rm -rf "$work"
mkdir -p "$work/bundle/bin" "$work/a" "$work/b"
cp "$runner" "$work/bundle/bin/runner"
cp "$here/../../scripts/gpu_ab.sh" "$work/bundle/"
cp "$plugin" "$work/a/"
cp "$plugin" "$work/b/"
cat > "$work/ab.yaml" <<'YAML'
backends: [cpu_seq]
seed: 5
measurement: {warmup: 0, min_samples: 2, max_samples: 3, min_time: 0.001, max_time: 0.05, end_to_end: false}
benchmarks:
  - operation: scan
    types: [i32]
    kinds: [inclusive]
    sizes: [1000, 4097]
YAML
cd "$work"
OUT=out bash bundle/gpu_ab.sh ab.yaml 2 60 a=a b=b > ab.log
python3 - <<'PY'
import json, os
for i, side in enumerate(["a", "b", "a", "b"], start=1):
    d = json.load(open(f"out/ab_{i}_{side}.json"))
    paths = {p["path"] for p in d["context"]["plugins"] if p["name"] == "cpu_seq" and p["available"]}
    assert paths == {os.path.abspath(f"{side}/{os.listdir(side)[0]}")}, (i, side, paths)
    assert [r["status"] for r in d["records"]] == ["ok", "ok"], (i, d["records"])
for pair in ["1_2", "3_4"]:
    page = open(f"out/compare_{pair}.md").read()
    assert page.count("| SAME |") + page.count("| FASTER |") + page.count("| SLOWER |") == 2, page
print("gpu_ab.sh: 4 runs alternated, each on its side's plugin; 2 comparisons")
PY
# scripts/ab_sides.py on the same runs: a row a state, each side's run medians in run order, the
# median of them and b / a of those medians, recomputed here from the records.
python3 "$here/../../scripts/ab_sides.py" --base a out > sides.tsv
python3 - <<'PY'
import json, statistics
rows = [line.rstrip("\n").split("\t") for line in open("sides.tsv")]
assert rows[0] == ["state", "a (ms, each run)", "b (ms, each run)", "a, median (ms)",
                   "b, median (ms)", "b / a"], rows[0]
assert len(rows) == 3, rows  # two states
for row in rows[1:]:
    runs = {}
    for i, side in enumerate(["a", "b", "a", "b"], start=1):
        for r in json.load(open(f"out/ab_{i}_{side}.json"))["records"]:
            if row[0].endswith(" " + str(r["n"])):
                runs.setdefault(side, []).append(r["time_s"]["median"] * 1e3)
    close = lambda text, want: all(abs(float(x) - w) <= 0.005 * w for x, w in zip(text.split(", "), want))
    assert len(row[1].split(", ")) == 2 and close(row[1], runs["a"]), (row, runs)
    assert len(row[2].split(", ")) == 2 and close(row[2], runs["b"]), (row, runs)
    ratio = statistics.median(runs["b"]) / statistics.median(runs["a"])
    assert row[5] == f"{ratio:.3f}x", (row, ratio)
print("ab_sides.py: each side's runs, medians and ratio as the records give them")
PY
# A third run of side a from a second folder, ten times slower: its median is the middle run's,
# not the mean, and the folders' runs are read in the order given.
mkdir -p extra
python3 - <<'PY'
import json
d = json.load(open("out/ab_1_a.json"))
for r in d["records"]:
    r["time_s"]["median"] *= 10
json.dump(d, open("extra/ab_1_a.json", "w"))
PY
python3 "$here/../../scripts/ab_sides.py" out extra > sides3.tsv
python3 - <<'PY'
import statistics
rows = [line.rstrip("\n").split("\t") for line in open("sides3.tsv")]
for row in rows[1:]:
    a = [float(t) for t in row[1].split(", ")]
    assert len(a) == 3 and a[2] > 5 * a[0], row
    assert abs(float(row[3]) - statistics.median(a)) <= 0.005 * statistics.median(a), row
print("ab_sides.py: a side's runs across folders, in order; the median, not the mean")
PY
# The same states with 1% errors beside them (a text config's errors axis): each error rate is
# a state of its own, named as `runner compare` names it, not folded into the state without.
mkdir -p errs
python3 - <<'PY'
import copy, json
for name in ["ab_1_a", "ab_2_b"]:
    d = json.load(open(f"out/{name}.json"))
    with_errors = []
    for r in d["records"]:
        e = copy.deepcopy(r)
        e["errors"] = 0.01
        e["time_s"]["median"] *= 3
        with_errors.append(e)
    d["records"] += with_errors
    json.dump(d, open(f"errs/{name}.json", "w"))
PY
python3 "$here/../../scripts/ab_sides.py" errs > sides_errors.tsv
python3 - <<'PY'
rows = [line.rstrip("\n").split("\t") for line in open("sides_errors.tsv")]
assert len(rows) == 5, rows  # two sizes, each without and with errors
plain = {r[0]: float(r[3]) for r in rows[1:] if "errors=" not in r[0]}
errs = {r[0]: float(r[3]) for r in rows[1:] if " errors=0.01 " in r[0]}
assert len(plain) == 2 and len(errs) == 2, rows
for state, t in plain.items():
    twin = state.replace(" uniform ", " uniform errors=0.01 ")
    assert abs(errs[twin] / t - 3) < 0.05, (state, t, errs)
print("ab_sides.py: an input's error rate keeps its state apart")
PY
status=0
python3 "$here/../../scripts/ab_sides.py" --base nobody out > /dev/null 2> base.log || status=$?
[ "$status" -eq 2 ] && grep -q "no side named 'nobody'" base.log ||
  { echo "ab_sides.py with an unknown base: exit $status"; cat base.log; exit 1; }
status=0
python3 "$here/../../scripts/ab_sides.py" out_empty_folder 2> empty.log || status=$?
[ "$status" -eq 2 ] || { echo "ab_sides.py with no runs: exit $status, not 2"; exit 1; }
if OUT=out_bad bash bundle/gpu_ab.sh ab.yaml 1 60 a=a missing=no_such_folder > bad.log; then
  echo "a side with no plugin folder should fail the script"; cat bad.log; exit 1
fi
grep -q "run 2 missing (no_such_folder): exit [1-9]" bad.log || { cat bad.log; exit 1; }
status=0
OUT=out_usage bash bundle/gpu_ab.sh ab.yaml 1 2> usage.log || status=$?
[ "$status" -eq 2 ] && grep -q "^usage:" usage.log || { echo "usage error: exit $status"; exit 1; }
echo "gpu_ab.sh: a missing side fails; too few arguments is a usage error"
