#!/usr/bin/env python3
"""The sides of an A/B that scripts/gpu_ab.sh ran (one or more of its OUT folders): for each state,
every run's median time by side, each side's median of those, and that median over the base
side's, so that an A/B over many rounds is read the same way every time.

    python3 scripts/ab_sides.py [--base NAME] [--markdown] FOLDER [FOLDER ...]

A side's runs are the folders' ab_I_NAME.json, in the order gpu_ab.sh numbered them; NAME is the
side's name as the call gave it. The base side is --base, or the first side of the first folder's
first run. A state is what tells two records apart within a run (operation, form, type,
distribution and its error rate, size, backend, variant and params, as `runner compare` keys
them); records whose status is not "ok" are left out, and a state some side lacks is printed
with what it has and no ratio. Exits 2 on a usage error, a --base that names no side, or where
no run is found.
"""
import argparse
import json
import pathlib
import re
import statistics
import sys

RUN_NAME = re.compile(r"^ab_(\d+)_(.+)$")


def state_of(record):
    params = ",".join(f"{k}={v}" for k, v in sorted(record.get("params", {}).items()))
    n = record["n"]
    size = f"2^{n.bit_length() - 1}" if n > 0 and n & (n - 1) == 0 else str(n)
    # A text input's error rate where it is not 0, as `runner compare` names it: without it a
    # config's errors axis folds two states into one, the last read hiding the other.
    errors = record.get("errors", 0)
    distribution = record["distribution"] + (f" errors={errors:g}" if errors else "")
    parts = [f"{record['backend']}/{record['variant']}", record["operation"],
             record.get("form", ""), record["type"], distribution, size, params]
    return " ".join(p for p in parts if p)


def ms(t):
    """A time in ms: one decimal from 10 ms up, three significant digits below."""
    return f"{t:.1f}" if t >= 10 else f"{t:.3g}"


def read_runs(folders):
    """[(side, {state: median seconds})] in run order, folder by folder."""
    runs = []
    for folder in folders:
        found = []
        for path in pathlib.Path(folder).glob("ab_*.json"):
            match = RUN_NAME.match(path.stem)
            if match:
                found.append((int(match.group(1)), match.group(2), path))
        for _, side, path in sorted(found):
            medians = {state_of(r): r["time_s"]["median"]
                       for r in json.loads(path.read_text())["records"] if r.get("status") == "ok"}
            runs.append((side, medians))
    return runs


def table(runs, base):
    sides = list(dict.fromkeys(side for side, _ in runs))
    if base is None:
        base = sides[0]
    if base not in sides:
        raise ValueError(f"no side named {base!r} (sides: {', '.join(sides)})")
    states = list(dict.fromkeys(s for _, medians in runs for s in medians))
    others = [s for s in sides if s != base]
    header = ["state"] + [f"{s} (ms, each run)" for s in sides] + [f"{s}, median (ms)" for s in sides]
    header += [f"{s} / {base}" for s in others]
    rows = []
    for state in states:
        times = {s: [m[state] * 1e3 for side, m in runs if side == s and state in m] for s in sides}
        medians = {s: statistics.median(t) if t else None for s, t in times.items()}
        row = [state] + [", ".join(ms(t) for t in times[s]) or "-" for s in sides]
        row += [ms(medians[s]) if medians[s] is not None else "-" for s in sides]
        for s in others:
            ok = medians[s] is not None and medians[base] is not None
            row.append(f"{medians[s] / medians[base]:.3f}x" if ok else "-")
        rows.append(row)
    return header, rows


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folders", nargs="+")
    parser.add_argument("--base", help="the side the others are divided by")
    parser.add_argument("--markdown", action="store_true", help="a Markdown table (else tabs)")
    args = parser.parse_args()
    runs = read_runs(args.folders)
    if not runs:
        print(f"ab_sides.py: no ab_I_NAME.json in {', '.join(args.folders)}", file=sys.stderr)
        return 2
    try:
        header, rows = table(runs, args.base)
    except ValueError as error:
        print(f"ab_sides.py: {error}", file=sys.stderr)
        return 2
    if args.markdown:
        print("| " + " | ".join(header) + " |")
        print("| " + " | ".join(["---"] + ["---:"] * (len(header) - 1)) + " |")
        for row in rows:
            print("| " + " | ".join(row) + " |")
    else:
        for line in [header] + rows:
            print("\t".join(line))
    return 0


if __name__ == "__main__":
    sys.exit(main())
