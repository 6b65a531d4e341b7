#!/usr/bin/env python3
"""The A/B tables of README.md: ab_table.py DIR A1 A2 B1 B2, where A1 A2 and B1 B2 name the
runs (ab_<i>_<side>) of the two plugins; times are the records' medians."""
import collections
import glob
import json
import sys

folder, runs = sys.argv[1], sys.argv[2:6]
rows, copy = collections.defaultdict(dict), {}
for path in sorted(glob.glob(folder + "/ab_*.json")):
    run = path.split("/")[-1][:-5]
    for r in json.load(open(path))["records"]:
        rows[(r["operation"], r["distribution"])][run] = r
        copy[run] = r["copy_gb_per_second"]
a, b = " and ".join(runs[:2]), " and ".join(runs[2:])
print(f"| operation | mix | {a}, ms | {b}, ms | speed-up | {a}, % copy | {b}, % copy |")
print("| --- | --- | --- | --- | --- | --- | --- |")
for (op, mix), v in rows.items():
    t = [v[r]["time_s"]["median"] * 1e3 for r in runs]
    c = [v[r]["fraction_of_copy"] * 100 for r in runs]
    assert all(v[r]["status"] == "ok" for r in runs)
    print(f"| {op} | {mix} | {t[0]:.1f}, {t[1]:.1f} | {t[2]:.1f}, {t[3]:.1f} | "
          f"{min(t[:2]) / max(t[2:]):.2f}-{max(t[:2]) / min(t[2:]):.2f}x | "
          f"{c[0]:.0f}%, {c[1]:.0f}% | {c[2]:.0f}%, {c[3]:.0f}% |")
print("\ncopy, GB/s read + written:", ", ".join(f"{r} {copy[r]:.1f}" for r in runs))
