#!/usr/bin/env python3
"""The encoder's A/B table: every state of DIR/ab_*.json and DIR/ab_*.jsonl (call 3's runs
were cut by their time limit; their .jsonl holds the states they finished), the runs named
ab_<i>_<side>, BEFORE and AFTER the two sides (default: before, after).
    python3 ab_table.py ab
    python3 ab_table.py ../h100-2026-11-27-utf8-encode-ascii-words/ab round6 round7"""
import glob, json, os, sys

before_side, after_side = (sys.argv[2], sys.argv[3]) if len(sys.argv) > 3 else ("before", "after")
rows = {}
for path in sorted(glob.glob(os.path.join(sys.argv[1], "ab_*.json*"))):
    run = os.path.basename(path).split(".")[0]
    # A run's .jsonl only where its .json is missing: where both exist they hold the same
    # states, and reading both listed each twice (noticed 2026-11-27, after this table's use).
    if path.endswith(".jsonl") and os.path.exists(path[:-1]):
        continue
    if path.endswith(".jsonl"):
        records = [json.loads(line) for line in open(path) if line.strip()]
    else:
        records = json.load(open(path))["records"]
    for r in records:
        if "backend" not in r or not r.get("time_s"):
            continue
        side = "cub" if r["variant"] == "cub" else run.split("_")[2]
        key = (r["distribution"], r["errors"])
        rows.setdefault(key, {}).setdefault(side, []).append(
            (r["time_s"]["median"] * 1e3, r["fraction_of_copy"] * 100))
print("| mix | errors | before, ms (% copy) | after, ms (% copy) | after / before | cub, ms | after / cub |")
print("| --- | --- | --- | --- | --- | --- | --- |")
for (mix, errors), by in sorted(rows.items()):
    fmt = lambda v: ", ".join(f"{t:.3f} ({c:.0f}%)" for t, c in v)
    b, a, c = by.get(before_side, []), by.get(after_side, []), by.get("cub", [])
    ratio = f"{min(x[0] for x in a) / max(x[0] for x in b):.2f}-{max(x[0] for x in a) / min(x[0] for x in b):.2f}" if a and b else ""
    vs_cub = f"{min(x[0] for x in a) / max(x[0] for x in c):.2f}-{max(x[0] for x in a) / min(x[0] for x in c):.2f}" if a and c else ""
    print(f"| {mix} | {errors:g} | {fmt(b)} | {fmt(a)} | {ratio} | {', '.join(f'{t:.3f}' for t, _ in c)} | {vs_cub} |")
