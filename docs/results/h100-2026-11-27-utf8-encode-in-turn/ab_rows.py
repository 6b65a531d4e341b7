#!/usr/bin/env python3
"""Median times of two runner record files (.json or .jsonl) of one A/B, state by state:
`python3 ab_rows.py BEFORE AFTER`. Prints each state both files hold, the two medians, their
ratio (after / before) and each side's share of its run's copy."""
import json
import sys


def records(path):
    text = open(path).read()
    if path.endswith(".jsonl"):
        rows = [json.loads(line) for line in text.splitlines() if line.strip()]
    else:
        rows = json.loads(text)["records"]
    return {(r["operation"], r["distribution"], r["errors"], r["n"]): r for r in rows
            if r.get("status") == "ok" and r.get("backend") == "cuda_efficient"}


before, after = records(sys.argv[1]), records(sys.argv[2])
print("| state | before | after | after / before | % of copy before -> after |")
print("| --- | --- | --- | --- | --- |")
for key, a in before.items():
    if key not in after:
        continue
    b = after[key]
    ta, tb = a["time_s"]["median"], b["time_s"]["median"]
    print(f"| {key[1]}, errors {key[2]:g} | {ta * 1e3:.3f} ms | {tb * 1e3:.3f} ms | {tb / ta:.2f}x "
          f"| {a['fraction_of_copy'] * 100:.0f}% -> {b['fraction_of_copy'] * 100:.0f}% |")
