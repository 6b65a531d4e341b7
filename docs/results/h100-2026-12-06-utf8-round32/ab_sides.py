#!/usr/bin/env python3
"""A gpu_ab.sh A/B of UTF-8 states, state by state, for any number of sides and runs (rounds 31
and 32):
`python3 ab_sides.py BASE RUN_DIR [RUN_DIR ...]`, each RUN_DIR holding one gpu_ab.sh run of
every side (ab_I_NAME.json). For each state: the base side's median in each run, then each other
side's time over the base's in the same run (run by run), and its share of the same run's
read-only pass (validation) or copy (decoding). A run of several sizes (round 34's call 4) gives
each size its own rows."""
import glob
import json
import os
import re
import sys


def records(path):
    return {(r["form"], r["distribution"], r["errors"], r["n"]): r
            for r in json.load(open(path))["records"] if r["status"] == "ok"}


def sides(run_dir):
    out = {}
    for path in sorted(glob.glob(os.path.join(run_dir, "ab_*_*.json"))):
        name = re.match(r"ab_\d+_(.+)\.json", os.path.basename(path)).group(1)
        out[name] = records(path)
    return out


base, runs = sys.argv[1], [sides(d) for d in sys.argv[2:]]
others = [name for name in runs[0] if name != base]
print("| form | state | " + base + " (ms, each run) | " +
      " | ".join(f"{name} / {base}" for name in others) + " | share: " + base + " -> " +
      " / ".join(others) + " (first run) |")
print("| --- | --- | --- | " + " | ".join("---" for _ in others) + " | --- |")
sizes = {key[3] for key in runs[0][base]}
for key in sorted(runs[0][base], key=lambda k: (k[0] != "validate", k[3], k[1], k[2])):
    share = "fraction_of_read" if key[0] == "validate" else "fraction_of_copy"
    times = " / ".join(f"{run[base][key]['time_s']['median'] * 1e3:.4f}" for run in runs)
    ratios = [", ".join(f"{run[name][key]['time_s']['median'] / run[base][key]['time_s']['median']:.3f}x"
                        for run in runs) for name in others]
    shares = f"{runs[0][base][key][share] * 100:.0f}% -> " + " / ".join(
        f"{runs[0][name][key][share] * 100:.0f}%" for name in others)
    size = f", 2^{key[3].bit_length() - 1}" if len(sizes) > 1 else ""
    print(f"| {key[0]} | {key[1]}, errors {key[2]:g}{size} | {times} | " + " | ".join(ratios) +
          f" | {shares} |")
