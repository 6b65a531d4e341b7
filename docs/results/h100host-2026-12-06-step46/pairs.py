#!/usr/bin/env python3
"""Step 46's runner A/B on the host, pair by pair: each state's median (and minimum) time in each
run, and the time after over before for the runs 1-2, 3-4, 5-6 (before first in each pair).
  python3 pairs.py call/host/ab
"""
import glob
import json
import os
import sys

folder = sys.argv[1]
files = sorted(glob.glob(os.path.join(folder, "ab_*_*.json")),
               key=lambda f: int(os.path.basename(f).split("_")[1]))
runs = []
for f in files:
    times = {}
    for r in json.load(open(f))["records"]:
        key = (r["backend"], r["variant"], r["n"], r["params"].get("threads", ""))
        times[key] = r["time_s"]
    runs.append(times)
print("| state | medians, runs 1-6 (ms) | after / before, medians | after / before, minima |")
print("| --- | --- | --- | --- |")
for key in sorted(runs[0], key=str):
    med = [run[key]["median"] * 1e3 for run in runs]
    low = [run[key]["min"] * 1e3 for run in runs]
    name = f"{key[0]} {key[1]}" + (f" {key[3]} threads" if key[3] else "") + f", 2^{key[2].bit_length() - 1}"
    pairs = range(0, len(runs) - 1, 2)
    print(f"| {name} | {' / '.join(f'{m:.1f}' for m in med)} | "
          f"{', '.join(f'{med[i + 1] / med[i]:.3f}x' for i in pairs)} | "
          f"{', '.join(f'{low[i + 1] / low[i]:.3f}x' for i in pairs)} |")
