#!/usr/bin/env python3
"""Issue 34's rows from one runner run of the UTF-8 operations on the GPU: a variant (default
cuda_efficient's `lookback`) beside the anchor (default thrust's `cub`), each mix, without and
with errors, every size the records hold.

    python3 scripts/utf8_gpu_targets.py RECORDS.json [--variant lookback] [--anchor cub]

For each size, a Markdown table (a column a mix): decoding and encoding as a share of the
record's own copy (bytes read plus written), validation as a share of its read-only pass, each
against the anchor's time, and the time with errors against the time without. Then each of the
issue's targets with what the run measured against it: how many cells met it, and the range.

The targets (issue 34, H100): decoding and encoding >= 75% of copy; validation >= 85% of the
read-only pass; each <= 0.5x the anchor's time; errors 1e-2 <= 1.2x the time of errors 0.
Only records whose status is "ok" count; a cell whose record is missing or failed reads "-" and
is left out of the target's count. Exit status 2 on a usage error or a file with no UTF-8
record of the variant.
"""
import argparse
import json
import sys

MIXES = ["ascii", "latin", "cyrillic", "arabic", "cjk", "emoji", "mixed"]
# (operation, form): the decoding forms carry "replace" or "validate", encoding none.
DECODE, VALIDATE, ENCODE = ("utf8_decode", "replace"), ("utf8_decode", "validate"), ("utf8_encode", "")
SHARE = {DECODE: ("fraction_of_copy", 0.75, "of copy"), ENCODE: ("fraction_of_copy", 0.75, "of copy"),
         VALIDATE: ("fraction_of_read", 0.85, "of read")}
NAMES = {DECODE: "decode", VALIDATE: "validate", ENCODE: "encode"}
ANCHOR_LIMIT, ERRORS_LIMIT = 0.5, 1.2


def form_of(record):
    """A decoding record's form (replace or validate); encoding has one form, keyed as ""."""
    if record["operation"] != "utf8_decode":
        return ""
    return record.get("utf8_form") or record.get("form") or ""


def load(path):
    with open(path) as f:
        records = json.load(f)["records"]
    table = {}
    for r in records:
        if r.get("operation") not in ("utf8_decode", "utf8_encode") or r.get("status") != "ok":
            continue
        key = (r["operation"], form_of(r), r["distribution"], float(r["errors"]), int(r["n"]),
               r["variant"])
        table[key] = r
    return table


def median(record):
    return record["time_s"]["median"]


class target:
    """One of the issue's rows: the cells measured against it, and how many met it."""

    def __init__(self, name, limit, at_least):
        self.name, self.limit, self.at_least, self.values = name, limit, at_least, []

    def add(self, value):
        self.values.append(value)

    def line(self, fmt):
        if not self.values:
            return f"- {self.name}: not measured"
        met = sum(1 for v in self.values if (v >= self.limit if self.at_least else v <= self.limit))
        lo, hi = min(self.values), max(self.values)
        return (f"- {self.name}: met in {met} of {len(self.values)} cells "
                f"({fmt(lo)} to {fmt(hi)})")


def percent(x):
    return f"{x * 100:.1f}%"


def ratio(x):
    return f"{x:.2f}x"


def report(table, variant, anchor, errors_rate):
    sizes = sorted({k[4] for k in table if k[5] == variant})
    if not sizes:
        return None
    targets = {op: target(f"{NAMES[op]} >= {percent(SHARE[op][1])} {SHARE[op][2]}", SHARE[op][1], True)
               for op in (DECODE, ENCODE, VALIDATE)}
    against = target(f"{variant} <= {ANCHOR_LIMIT}x {anchor}'s time", ANCHOR_LIMIT, False)
    errors_over = target(f"errors {errors_rate:g} <= {ERRORS_LIMIT}x the time of errors 0", ERRORS_LIMIT, False)
    lines = []
    for n in sizes:
        rows = []
        for op in (DECODE, VALIDATE, ENCODE):
            key_name, _, share_name = SHARE[op]
            cells = {name: [] for name in ("share", "share_errors", "anchor", "anchor_errors", "errors")}
            for mix in MIXES:
                get = lambda e, v: table.get((op[0], op[1], mix, e, n, v))
                own, own_e = get(0.0, variant), get(errors_rate, variant)
                base, base_e = get(0.0, anchor), get(errors_rate, anchor)
                cells["share"].append(percent(own[key_name]) if own else "-")
                cells["share_errors"].append(percent(own_e[key_name]) if own_e else "-")
                for name, mine, theirs in (("anchor", own, base), ("anchor_errors", own_e, base_e)):
                    r = median(mine) / median(theirs) if mine and theirs else None
                    cells[name].append(ratio(r) if r is not None else "-")
                    if r is not None:
                        against.add(r)
                slower = median(own_e) / median(own) if own and own_e else None
                cells["errors"].append(ratio(slower) if slower is not None else "-")
                if slower is not None:
                    errors_over.add(slower)
                for record in (own, own_e):
                    if record:
                        targets[op].add(record[key_name])
            label = NAMES[op]
            rows += [(f"{label}, % {share_name}", cells["share"]),
                     (f"{label}, errors {errors_rate:g}, % {share_name}", cells["share_errors"]),
                     (f"{label} / {anchor}", cells["anchor"]),
                     (f"{label} / {anchor}, errors {errors_rate:g}", cells["anchor_errors"]),
                     (f"{label}, errors / none", cells["errors"])]
        lines.append(f"### n = {n} ({variant} beside {anchor})")
        lines.append("")
        lines.append("| | " + " | ".join(MIXES) + " |")
        lines.append("| --- |" + " --- |" * len(MIXES))
        lines += [f"| {name} | " + " | ".join(cells) + " |" for name, cells in rows]
        lines.append("")
    lines.append("### The issue's targets, every size above")
    lines.append("")
    for op in (DECODE, ENCODE, VALIDATE):
        lines.append(targets[op].line(percent))
    lines.append(against.line(ratio))
    lines.append(errors_over.line(ratio))
    return "\n".join(lines)


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("records", help="a runner JSON file")
    parser.add_argument("--variant", default="lookback")
    parser.add_argument("--anchor", default="cub")
    parser.add_argument("--errors", type=float, default=0.01, help="the error rate set beside 0")
    try:
        args = parser.parse_args(argv)
    except SystemExit as e:
        return 2 if e.code else 0
    try:
        table = load(args.records)
    except (OSError, ValueError, KeyError) as e:
        print(f"utf8_gpu_targets.py: {args.records}: {e}", file=sys.stderr)
        return 2
    text = report(table, args.variant, args.anchor, args.errors)
    if text is None:
        print(f"utf8_gpu_targets.py: {args.records}: no UTF-8 record of variant '{args.variant}' "
              "with status ok", file=sys.stderr)
        return 2
    print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
