#!/usr/bin/env python3
"""call2.sh's phases.txt by process: the median of rounds 1-4 of each phase (ns a key), one row a
process, then each phase's range over the processes and its correlation with the whole sort.
    python3 phases.py phases.txt"""
import re
import statistics
import sys

ROUND = re.compile(r"round (\d+): sort ([\d.]+) split ([\d.]+) \(cache sorts ([\d.]+)\) "
                   r"vqs ([\d.]+) read ([\d.]+) copy ([\d.]+)")
NAMES = ["sort", "split", "cache sorts", "vqs", "read", "copy"]


def main(path):
    processes = []
    for line in open(path):
        if line.startswith("process"):
            processes.append([])
        m = ROUND.search(line)
        if m and int(m.group(1)) > 0:
            processes[-1].append([float(x) for x in m.groups()[1:]])
    rows = [[statistics.median(r[k] for r in rounds) for k in range(len(NAMES))]
            for rounds in processes if rounds]
    print("| process | " + " | ".join(NAMES) + " |")
    print("| ---: | " + " | ".join("---:" for _ in NAMES) + " |")
    for i, row in enumerate(rows, start=1):
        print(f"| {i} | " + " | ".join(f"{x:.2f}" for x in row) + " |")
    print()
    sort = [row[0] for row in rows]
    for k, name in enumerate(NAMES):
        column = [row[k] for row in rows]
        corr = statistics.correlation(column, sort) if k else 1.0
        print(f"{name}: {min(column):.2f}-{max(column):.2f} ns a key "
              f"({max(column) / min(column):.2f}x), correlation with the sort {corr:.2f}")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    main(sys.argv[1])
