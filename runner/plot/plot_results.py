#!/usr/bin/python3
"""Plots a parprim results JSON: for each operation, element type and input distribution, the
median time against size (log-log) and the throughput against size with each backend's copy
bandwidth as its roofline, one line per backend and variant, min..max as a band; and, where the
results sweep a `threads` parameter, time against thread count. PNG and SVG.

    runner plot RESULTS.json [--out DIR]        (or run this file directly with the same arguments)

Uses matplotlib (Debian's python3-matplotlib, hence /usr/bin/python3).
"""
import argparse
import json
import pathlib
import re
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402


def slug(text):
    return re.sub(r"[^a-z0-9]+", "_", text.lower()).strip("_")


def label(r, with_threads=True):
    params = {k: v for k, v in r["params"].items() if with_threads or k != "threads"}
    suffix = "".join(f" {k}={v}" for k, v in sorted(params.items()))
    return f"{r['backend']}/{r['variant']}{suffix}"


def machine_of(doc, records):
    """The GPU the plotted backends ran on, else the CPU, and the date."""
    devices = {p["name"]: p.get("device", "") for p in doc["context"]["plugins"]}
    gpus = {devices.get(r["backend"], "").split(" (")[0] for r in records}
    gpus = sorted(g for g in gpus if g.startswith("NVIDIA"))
    cpu = doc["context"]["cpu"]
    where = ", ".join(gpus) if gpus else f"{cpu['model']} ({cpu['threads']} threads)"
    return f"{where}, {doc['context']['date'][:10]}"


def size_plots(doc, out):
    groups = {}
    for r in doc["records"]:
        if r["status"] != "ok" or r["time_s"] is None:
            continue
        key = (r["benchmark"], r["operation"], r["form"], r["type"], r["distribution"])
        groups.setdefault(key, []).append(r)
    written = []
    for (bench, op, form, typ, dist), records in sorted(groups.items()):
        lines = {}
        for r in records:
            lines.setdefault(label(r), []).append(r)
        if max(len(v) for v in lines.values()) < 2:
            continue  # one size: nothing to draw against size
        fig, (ax_t, ax_b) = plt.subplots(1, 2, figsize=(13, 5))
        copies = {}
        for name, rs in sorted(lines.items()):
            rs.sort(key=lambda r: r["n"])
            n = [r["n"] for r in rs]
            med = [r["time_s"]["median"] * 1e3 for r in rs]
            lo = [r["time_s"]["min"] * 1e3 for r in rs]
            hi = [r["time_s"]["max"] * 1e3 for r in rs]
            (line,) = ax_t.plot(n, med, marker="o", markersize=3, label=name)
            ax_t.fill_between(n, lo, hi, color=line.get_color(), alpha=0.2)
            ax_b.plot(n, [r["gb_per_second"] for r in rs], marker="o", markersize=3,
                      color=line.get_color(), label=name)
            copies.setdefault(r["backend"], {}).update(
                {r["n"]: r["copy_gb_per_second"] for r in rs})
        # Backends on one device copy at one speed: draw their copy lines once, named together.
        merged = []
        for backend, by_n in sorted(copies.items()):
            for names, other in merged:
                if other.keys() == by_n.keys() and all(
                        abs(other[x] - by_n[x]) <= 0.1 * max(other[x], by_n[x]) for x in by_n):
                    names.append(backend)
                    break
            else:
                merged.append(([backend], by_n))
        for names, by_n in merged:
            ns = sorted(by_n)
            ax_b.plot(ns, [by_n[x] for x in ns], linestyle="--", color="grey", linewidth=1)
            ax_b.annotate("copy: " + ", ".join(names), (ns[-1], by_n[ns[-1]]), fontsize=7,
                          color="grey", xytext=(-4, 3), textcoords="offset points", ha="right")
        ax_t.set(xscale="log", yscale="log", xlabel="elements (n)", ylabel="median time (ms)",
                 title="time (band: min..max)")
        ax_b.set(xscale="log", xlabel="elements (n)", ylabel="throughput (GB/s)",
                 title="throughput; dashed: the backend's copy bandwidth")
        for ax in (ax_t, ax_b):
            ax.grid(True, which="both", alpha=0.3)
        ax_t.legend(fontsize=7, loc="upper left")
        prefix = "" if bench == op else f"{bench}: "
        fig.suptitle(f"{prefix}{op} {form} {typ}, {dist} inputs — {machine_of(doc, records)}")
        fig.tight_layout()
        stem = out / slug(f"{prefix}{op}_{form}_{typ}_{dist}")
        for ext in ("png", "svg"):
            fig.savefig(f"{stem}.{ext}", dpi=110)
            written.append(f"{stem}.{ext}")
        plt.close(fig)
    return written


def scaling_plots(doc, out):
    groups = {}
    for r in doc["records"]:
        if r["status"] == "ok" and "threads" in r["params"]:
            key = (r["operation"], r["form"], r["type"], r["n"])
            groups.setdefault(key, {}).setdefault(label(r, with_threads=False), []).append(r)
    written = []
    for (op, form, typ, n), lines in sorted(groups.items()):
        if max(len(v) for v in lines.values()) < 2:
            continue
        fig, ax = plt.subplots(figsize=(7, 5))
        for name, rs in sorted(lines.items()):
            rs.sort(key=lambda r: r["params"]["threads"])
            ax.plot([r["params"]["threads"] for r in rs], [r["time_s"]["median"] * 1e3 for r in rs],
                    marker="o", label=name)
        ax.set(xscale="log", yscale="log", xlabel="threads", ylabel="median time (ms)")
        ax.set_xticks(sorted({r["params"]["threads"] for rs in lines.values() for r in rs}))
        ax.get_xaxis().set_major_formatter(matplotlib.ticker.ScalarFormatter())
        ax.grid(True, which="both", alpha=0.3)
        ax.legend(fontsize=8)
        plotted = [r for rs in lines.values() for r in rs]
        ax.set_title(f"{op} {form} {typ}, n={n}: scaling — {machine_of(doc, plotted)}",
                     fontsize=10)
        fig.tight_layout()
        stem = out / slug(f"scaling_{op}_{form}_{typ}_{n}")
        for ext in ("png", "svg"):
            fig.savefig(f"{stem}.{ext}", dpi=110)
            written.append(f"{stem}.{ext}")
        plt.close(fig)
    return written


def main():
    parser = argparse.ArgumentParser(description="plots of a parprim results JSON")
    parser.add_argument("results")
    parser.add_argument("--out", default=None, help="folder for the plots (default: beside it)")
    args = parser.parse_args()
    path = pathlib.Path(args.results)
    try:
        doc = json.loads(path.read_text())
        if doc.get("schema") != "parprim-results":
            raise ValueError("not a parprim results file")
    except (OSError, ValueError) as e:
        print(f"plot: {path}: {e}", file=sys.stderr)
        return 2
    out = pathlib.Path(args.out) if args.out else path.parent / (path.stem + "_plots")
    out.mkdir(parents=True, exist_ok=True)
    written = size_plots(doc, out) + scaling_plots(doc, out)
    for w in written:
        print(w)
    if not written:
        print(f"plot: {path}: no state has two sizes or thread counts to draw", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
