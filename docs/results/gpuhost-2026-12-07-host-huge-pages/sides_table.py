#!/usr/bin/env python3
"""The huge-pages A/B's sides: for each state, every run's median time by side (a side's runs
are ab_I_NAME.json with NAME before, before_, after or after_), each side's median of them, and
after / before of those medians.
    python3 sides_table.py FOLDER"""
import json
import pathlib
import statistics
import sys


def main(folder):
    runs = {}
    for path in sorted(pathlib.Path(folder).glob("ab_*.json"),
                       key=lambda p: int(p.stem.split("_")[1])):
        side = path.stem.split("_", 2)[2].rstrip("_")
        for r in json.loads(path.read_text())["records"]:
            if r.get("status") != "ok":
                continue
            state = f"{r['backend']} threads={r['params'].get('threads', 1)} n=2^{r['n'].bit_length() - 1}"
            runs.setdefault(state, {}).setdefault(side, []).append(r["time_s"]["median"] * 1e3)
    print("| state | before (ms, each run) | after (ms, each run) | before, median | after, median | after / before |")
    print("| --- | --- | --- | ---: | ---: | ---: |")
    for state, sides in sorted(runs.items()):
        b, a = sides.get("before", []), sides.get("after", [])
        if not b or not a:
            continue
        mb, ma = statistics.median(b), statistics.median(a)
        print(f"| {state} | {', '.join(f'{x:.1f}' for x in b)} | {', '.join(f'{x:.1f}' for x in a)} | "
              f"{mb:.1f} | {ma:.1f} | {ma / mb:.3f}x |")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    main(sys.argv[1])
