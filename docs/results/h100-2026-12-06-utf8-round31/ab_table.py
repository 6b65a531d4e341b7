#!/usr/bin/env python3
"""Round 31's A/B, state by state: `python3 ab_table.py BEFORE.json AFTER.json > ab_table.md`.
Each state's median on each side, their ratio, and the share of the same run's read-only pass
(validation) or copy (decoding)."""
import json
import sys


def records(path):
    return {(r["form"], r["distribution"], r["errors"]): r
            for r in json.load(open(path))["records"] if r["status"] == "ok"}


before, after = records(sys.argv[1]), records(sys.argv[2])
print("| form | state | before | round 31 | round 31 / before | % of the read-only pass (validate) "
      "or of copy (replace), before -> round 31 |")
print("| --- | --- | --- | --- | --- | --- |")
for key in sorted(before, key=lambda k: (k[0] != "validate", k[1], k[2])):
    a, b = before[key], after[key]
    ta, tb = a["time_s"]["median"], b["time_s"]["median"]
    share = "fraction_of_read" if key[0] == "validate" else "fraction_of_copy"
    print(f"| {key[0]} | {key[1]}, errors {key[2]:g} | {ta * 1e3:.4f} ms | {tb * 1e3:.4f} ms | "
          f"{tb / ta:.3f}x | {a[share] * 100:.0f}% -> {b[share] * 100:.0f}% |")
