#!/usr/bin/env python3
"""Regenerates the measured tables of docs/algorithms/*.md from a GPU results JSON: the lines
between '<!-- table:KIND -->' and '<!-- end table -->' are replaced.

    python3 scripts/algorithm_tables.py docs/results/h100-2026-11-21/gpu.json
"""
import json
import pathlib
import re
import sys

COLUMNS = {
    "scan": ["thrust/cub", "cuda_naive/global", "cuda_naive/shared", "cuda_efficient/blelloch"],
    "compact": ["thrust/cub", "thrust/thrust", "cuda_naive/map_scan_scatter",
                "cuda_efficient/blelloch"],
    "sort keys": ["thrust/cub", "thrust/thrust", "cuda_naive/split", "cuda_efficient/radix"],
    "sort pairs": ["thrust/cub", "thrust/thrust", "cuda_naive/split", "cuda_efficient/radix"],
}


def table(rows, kind):
    cols = COLUMNS[kind]
    out = ["| n | " + " | ".join(cols) + " | copy |", "|---:|" + "---:|" * (len(cols) + 1)]
    for n in sorted(rows[kind]):
        by = rows[kind][n]
        cub = by["thrust/cub"]["time_s"]["median"]
        cells = []
        for c in cols:
            r = by.get(c)
            cells.append(f"{r['time_s']['median'] * 1e3:.3f} ms ({r['time_s']['median'] / cub:.2f}x cub)"
                         if r else "-")
        out.append(f"| 2^{n.bit_length() - 1} | " + " | ".join(cells) +
                   f" | {by['thrust/cub']['copy_time_s']['median'] * 1e3:.3f} ms |")
    return "\n".join(out)


def main():
    source = pathlib.Path(sys.argv[1])
    data = json.loads(source.read_text())
    rows = {}
    for r in data["records"]:
        if r["status"] != "ok":
            continue
        kind = r["operation"] if r["operation"] != "sort" else "sort " + r["sort_payload"]
        rows.setdefault(kind, {}).setdefault(r["n"], {})[r["backend"] + "/" + r["variant"]] = r
    for page in pathlib.Path("docs/algorithms").glob("*.md"):
        text = page.read_text()
        text = re.sub(r"(<!-- table:([a-z ]+) -->\n).*?(<!-- end table -->)",
                      lambda m: m.group(1) + table(rows, m.group(2)) + "\n" + m.group(3),
                      text, flags=re.S)
        page.write_text(text)


if __name__ == "__main__":
    main()
