#!/usr/bin/python3
"""Plots a parprim results JSON, and writes the Markdown report that shows them: for each operation, element type and input distribution, the
median time against size (log-log) and the throughput against size with each backend's copy
bandwidth as its roofline, one line per backend and variant, min..max as a band; and, where the
results sweep a parameter (threads, block_size, ...), time against that parameter. PNG and SVG.
With --course, the course's own figure instead: per operation, time against n, log-log, every
backend and variant (CPU, naive, work-efficient, Thrust...) in one plot.

Every series has its backend's colour and a line style and marker of its own within that
backend, so no two series look alike however many there are. Sizes that are powers of two make
the line; the sizes beside them (2^20 - 3, ...) are markers of the same style, off the line, so
that a sweep of both does not zigzag at each power of two.

    runner plot RESULTS.json [--out DIR]           plots only
    runner plot RESULTS.json --course [--out DIR]  the course's figure, one per operation
    runner report RESULTS.json [--out FILE.md]     plots beside FILE.md, and the report
(or run this file directly: plot_results.py RESULTS.json [--out DIR] [--course] [--report FILE.md])

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


def natural(text):
    """Sort key that orders the numbers inside labels by value (items_per_thread=2 before 16)."""
    return [int(part) if part.isdigit() else part for part in re.split(r"(\d+)", text)]


def label(r, without=None):
    """backend/variant and its parameters, but for `without` (the one a plot runs along)."""
    params = {k: v for k, v in r["params"].items() if k != without}
    suffix = "".join(f" {k}={v}" for k, v in sorted(params.items()))
    return f"{r['backend']}/{r['variant']}{suffix}"


# Line styles: matplotlib's four named ones, then dash patterns made on demand, each distinct.
NAMED_STYLES = ["-", "--", ":", "-."]
MARKERS = ["o", "s", "^", "D", "v", "P", "X", "*", "<", ">", "h", "p"]


def line_style(i):
    """The i-th line style, never the same for two i."""
    if i < len(NAMED_STYLES):
        return NAMED_STYLES[i]
    j = i - len(NAMED_STYLES)
    return (0, (2 + 2 * (j % 4), 1 + j // 4, 1, 1 + j // 4))


def series_styles(names):
    """A style for each series "backend/variant[ params]": one colour per backend (the 10-colour
    cycle, the 20-colour one past 10 backends), and within a backend one line style and marker
    per series. Returns {name: {"color", "linestyle", "marker"}}; no two names get the same
    (colour, line style)."""
    by_backend = {}
    for name in sorted(set(names), key=natural):
        by_backend.setdefault(name.split("/")[0], []).append(name)
    palette = plt.get_cmap("tab10" if len(by_backend) <= 10 else "tab20").colors
    widest = max((len(v) for v in by_backend.values()), default=0)
    styles = {}
    for b, (backend, series) in enumerate(sorted(by_backend.items())):
        # Past the palette, a backend shares a colour with an earlier one but none of its styles.
        offset = (b // len(palette)) * widest
        for v, name in enumerate(series):
            styles[name] = {"color": palette[b % len(palette)],
                            "linestyle": line_style(offset + v),
                            "marker": MARKERS[(offset + v) % len(MARKERS)]}
    return styles


def is_power_of_two(n):
    return n > 0 and n & (n - 1) == 0


def line_and_neighbours(records):
    """A series' records (sorted by n) split into those on its line, the powers of two, and the
    sizes beside them, drawn as markers only. A series with fewer than two powers of two is all
    line."""
    on_line = [r for r in records if is_power_of_two(r["n"])]
    if len(on_line) < 2:
        return records, []
    return on_line, [r for r in records if not is_power_of_two(r["n"])]


def draw_series(ax, records, value, style, name, band=None):
    """One series on `ax`: value(r) against n, its powers of two as the line and the other sizes
    as markers; `band` (r -> (lo, hi)) shades the line's min..max."""
    line, beside = line_and_neighbours(records)
    ax.plot([r["n"] for r in line], [value(r) for r in line], color=style["color"],
            linestyle=style["linestyle"], marker=style["marker"], markersize=4, label=name)
    if band:
        ax.fill_between([r["n"] for r in line], [band(r)[0] for r in line],
                        [band(r)[1] for r in line], color=style["color"], alpha=0.15)
    if beside:
        ax.plot([r["n"] for r in beside], [value(r) for r in beside], color=style["color"],
                linestyle="none", marker=style["marker"], markersize=4, markerfacecolor="none")


def machine_of(doc, records):
    """The GPU the plotted backends ran on, else the CPU, and the date."""
    devices = {p["name"]: p.get("device", "") for p in doc["context"]["plugins"]}
    gpus = {devices.get(r["backend"], "").split(" (")[0] for r in records}
    gpus = sorted(g for g in gpus if g.startswith("NVIDIA"))
    cpu = doc["context"]["cpu"]
    where = ", ".join(gpus) if gpus else f"{cpu['model']} ({cpu['threads']} threads)"
    return f"{where}, {doc['context']['date'][:10]}"


def save(fig, stem):
    """Writes the figure as stem.png and stem.svg, closes it, returns the two paths."""
    paths = [f"{stem}.{ext}" for ext in ("png", "svg")]
    for path in paths:
        fig.savefig(path, dpi=110)
    plt.close(fig)
    return paths


def input_of(r):
    """A record's input class: its distribution, and for the UTF-8 operations its error rate
    (text with 1% errors is another input than the same text without: one plot each)."""
    errors = r.get("errors")
    return r["distribution"] + (f" errors={errors:g}" if errors else "")


def series_against_size(doc, fields):
    """The valid, timed records grouped by the record fields named (one plot each), then by
    series (label); a group in which no series has two sizes is left out (nothing to draw
    against size). Yields (key, its records, {label: records}) in key order."""
    groups = {}
    for r in doc["records"]:
        if r["status"] == "ok" and r["time_s"] is not None:
            groups.setdefault(tuple(input_of(r) if f == "distribution" else r[f] for f in fields),
                              []).append(r)
    for key, records in sorted(groups.items()):
        lines = {}
        for r in records:
            lines.setdefault(label(r), []).append(r)
        if max(len(v) for v in lines.values()) >= 2:
            yield key, records, lines


def size_plots(doc, out):
    written = []
    for (bench, op, form, typ, dist), records, lines in series_against_size(
            doc, ("benchmark", "operation", "form", "type", "distribution")):
        fig, (ax_t, ax_b) = plt.subplots(1, 2, figsize=(13, 5))
        styles = series_styles(lines)
        copies = {}
        for name, rs in sorted(lines.items(), key=lambda item: natural(item[0])):
            rs.sort(key=lambda r: r["n"])
            draw_series(ax_t, rs, lambda r: r["time_s"]["median"] * 1e3, styles[name], name,
                        band=lambda r: (r["time_s"]["min"] * 1e3, r["time_s"]["max"] * 1e3))
            draw_series(ax_b, rs, lambda r: r["gb_per_second"], styles[name], name)
            copies.setdefault(rs[0]["backend"], {}).update(
                {x["n"]: x["copy_gb_per_second"] for x in rs})
        # Backends on one device copy at one speed: one dashed line per device, named after all
        # of its backends (the first one's measurement is drawn).
        devices = {p["name"]: p.get("device", "") for p in doc["context"]["plugins"]}
        merged = {}
        for backend, by_n in sorted(copies.items()):
            device = devices.get(backend, "").split(" (")[0]
            if device.startswith("NVIDIA") and device in merged:
                merged[device][0].append(backend)
            else:
                merged[device if device.startswith("NVIDIA") else backend] = ([backend], by_n)
        merged = list(merged.values())
        for names, by_n in merged:
            ns = sorted(by_n)
            if sum(is_power_of_two(x) for x in ns) >= 2:  # as the series: powers of two
                ns = [x for x in ns if is_power_of_two(x)]
            ax_b.plot(ns, [by_n[x] for x in ns], linestyle="--", color="grey", linewidth=1)
            ax_b.annotate("copy: " + ", ".join(names), (ns[-1], by_n[ns[-1]]), fontsize=7,
                          color="grey", xytext=(-4, 3), textcoords="offset points", ha="right")
        ax_t.set(xscale="log", yscale="log", xlabel="elements (n)", ylabel="median time (ms)",
                 title="time (band: min..max; open markers: sizes beside a power of two)")
        ax_b.set(xscale="log", yscale="log", xlabel="elements (n)", ylabel="throughput (GB/s)",
                 title="throughput; dashed: the backend's copy bandwidth")
        for ax in (ax_t, ax_b):
            ax.grid(True, which="both", alpha=0.3)
        ax_t.legend(fontsize=7, loc="upper left")
        prefix = "" if bench == op else f"{bench}: "
        fig.suptitle(f"{prefix}{op} {form} {typ}, {dist} inputs — {machine_of(doc, records)}")
        fig.tight_layout()
        written += save(fig, out / slug(f"{prefix}{op}_{form}_{typ}_{dist}"))
    return written


def parameter_plots(doc, out):
    """Time against each swept parameter (threads, block_size, ...): for each benchmark,
    operation, form, type and size, one line per backend and variant at each value of its other
    parameters; the states of that benchmark that do not take the parameter (a reference such
    as cub) as dashed horizontal lines."""
    groups, others = {}, {}
    for r in doc["records"]:
        if r["status"] != "ok" or r["time_s"] is None:
            continue
        state = (r["benchmark"], r["operation"], r["form"], r["type"], r["n"])
        others.setdefault(state, []).append(r)
        for param in r["params"]:
            groups.setdefault((param,) + state, {}).setdefault(label(r, without=param), []).append(r)
    written = []
    for (param, bench, op, form, typ, n), lines in sorted(groups.items()):
        if max(len(v) for v in lines.values()) < 2:
            continue  # one value: nothing to draw against it
        fig, ax = plt.subplots(figsize=(8, 5.5))
        styles = series_styles(lines)
        for name, rs in sorted(lines.items(), key=lambda item: natural(item[0])):
            rs.sort(key=lambda r: r["params"][param])
            ax.plot([r["params"][param] for r in rs], [r["time_s"]["median"] * 1e3 for r in rs],
                    label=name, markersize=5, **styles[name])
        for r in others[(bench, op, form, typ, n)]:
            if param not in r["params"]:
                ax.axhline(r["time_s"]["median"] * 1e3, linestyle="--", linewidth=1,
                           color="grey" if r["variant"] != "cub" else "black",
                           label=f"{label(r)} (takes no {param})")
        ax.set(xscale="log", yscale="log", xlabel=param, ylabel="median time (ms)")
        ax.set_xticks(sorted({r["params"][param] for rs in lines.values() for r in rs}))
        ax.get_xaxis().set_major_formatter(matplotlib.ticker.ScalarFormatter())
        ax.get_xaxis().set_minor_formatter(matplotlib.ticker.NullFormatter())
        ax.grid(True, which="both", alpha=0.3)
        ax.legend(fontsize=7)
        plotted = [r for rs in lines.values() for r in rs]
        what = "scaling" if param == "threads" else f"time against {param}"
        prefix = "" if bench == op else f"{bench}: "
        ax.set_title(f"{prefix}{op} {form} {typ}, n={n}: {what}\n{machine_of(doc, plotted)}",
                     fontsize=10)
        fig.tight_layout()
        stem = "scaling" if param == "threads" else f"by_{param}"
        written += save(fig, out / slug(f"{stem}_{prefix}{op}_{form}_{typ}_{n}"))
    return written


def course_plots(doc, out):
    """The course's own figure: for each operation (and form, type and input), the median time
    of every backend and variant against n, log-log, in one plot, the x axis in powers of two as
    the course's write-ups draw it. The course plugin's cells are its own timer's region, or the
    whole call where it timed none (said in the legend)."""
    written = []
    for (op, form, typ, dist), records, lines in series_against_size(
            doc, ("operation", "form", "type", "distribution")):
        styles = series_styles(lines)
        fig, ax = plt.subplots(figsize=(8, 5.5))
        for name, rs in sorted(lines.items(), key=lambda item: natural(item[0])):
            rs.sort(key=lambda r: r["n"])
            whole = any(r.get("timing") == "whole_call" for r in rs)
            draw_series(ax, rs, lambda r: r["time_s"]["median"] * 1e3, styles[name],
                        name + (" (whole call)" if whole else ""))
        sizes = sorted({r["n"] for r in records if is_power_of_two(r["n"])})
        ax.set(xscale="log", yscale="log", xlabel="array size (n)", ylabel="time (ms)")
        ax.set_xscale("log", base=2)
        if sizes:
            ax.set_xticks(sizes)
            ax.set_xticklabels([f"$2^{{{n.bit_length() - 1}}}$" for n in sizes])
        ax.grid(True, which="both", alpha=0.3)
        ax.legend(fontsize=7)
        ax.set_title(f"{op} {form} {typ}, {dist} inputs: time against array size\n"
                     f"{machine_of(doc, records)}", fontsize=10)
        fig.tight_layout()
        written += save(fig, out / slug(f"course_{op}_{form}_{typ}_{dist}"))
    return written


def cell(r):
    if r["status"] == "failed":
        return "**FAILED**"
    if r["status"] == "skipped":
        return "skipped"
    t = r["time_s"]
    return (f"{t['median'] * 1e3:.4g} ms ±{t['noise'] * 100:.0f}%<br>{r['gb_per_second']:.1f} GB/s, "
            f"{r['fraction_of_copy'] * 100:.0f}% copy")


def write_report(doc, report, plots):
    """Markdown: the context, then per operation, type and distribution its plot and table."""
    ctx = doc["context"]
    lines = [f"# parprim results: {machine_of(doc, doc['records'])}", ""]
    lines += [f"- date: {ctx['date']}; host {ctx['host']}: {ctx['cpu']['model']}, "
              f"{ctx['cpu']['threads']} threads, {ctx['memory_gib']:.0f} GiB",
              f"- build: parprim {ctx['parprim_version']} ({ctx['git_revision']}), "
              f"{ctx['build_type']}, {ctx['compiler']}",
              f"- command: `{ctx['command_line']}`"]
    for p in ctx["plugins"]:
        where = p["device"] or "available" if p["available"] else f"unavailable: {p['unavailable_reason']}"
        lines.append(f"- backend `{p['name']}` {p['version']}: {where}")
    lines += ["", "Cells: median device-resident time ± relative noise; throughput by the operation's "
              "byte model (docs/measurement.md); that throughput as a share of the same backend's copy "
              "bandwidth in this run. Plots: median time with its min..max band, and throughput "
              "against the copy bandwidth (dashed).", ""]
    groups = {}
    for r in doc["records"]:
        groups.setdefault((r["benchmark"], r["operation"], r["form"], r["type"], input_of(r)),
                          []).append(r)
    for (bench, op, form, typ, dist), records in sorted(groups.items()):
        prefix = "" if bench == op else f"{bench}: "
        lines += [f"## {prefix}{op} {form} {typ}, {dist}", ""]
        image = plots / (slug(f"{prefix}{op}_{form}_{typ}_{dist}") + ".png")
        if image.exists():
            lines += [f"![{prefix}{op} {form} {typ}]({image.relative_to(report.parent)})", ""]
        columns = sorted({label(r) for r in records if r["backend"] != "-"})
        sizes = sorted({r["n"] for r in records})
        by = {(r["n"], label(r)): r for r in records if r["backend"] != "-"}
        if columns:
            lines.append("| n | " + " | ".join(columns) + " |")
            lines.append("|---:|" + "---|" * len(columns))
            for n in sizes:
                lines.append(f"| {n} | " + " | ".join(cell(by[(n, c)]) if (n, c) in by else ""
                                                    for c in columns) + " |")
            lines.append("")
        notes = sorted({(label(r), r["status"], r["reason"]) for r in records if r["status"] != "ok"})
        lines += [f"- {status} `{name}`: {reason}" for name, status, reason in notes]
        if notes:
            lines.append("")
    for path in sorted(plots.glob("scaling_*.png")) + sorted(plots.glob("by_*.png")):
        lines += [f"## {path.stem.replace('_', ' ')}", "", f"![{path.stem}]({path.relative_to(report.parent)})", ""]
    report.write_text("\n".join(lines))


def main():
    parser = argparse.ArgumentParser(description="plots of a parprim results JSON")
    parser.add_argument("results")
    parser.add_argument("--out", default=None, help="folder for the plots (default: beside it)")
    parser.add_argument("--report", default=None,
                        help="also write a Markdown report here, the plots beside it")
    parser.add_argument("--course", action="store_true",
                        help="the course's figure instead: per operation, time against n")
    args = parser.parse_args()
    path = pathlib.Path(args.results)
    try:
        doc = json.loads(path.read_text())
        if doc.get("schema") != "parprim-results":
            raise ValueError("not a parprim results file")
    except (OSError, ValueError) as e:
        print(f"plot: {path}: {e}", file=sys.stderr)
        return 2
    report = pathlib.Path(args.report) if args.report else None
    if report:
        out = report.parent / (report.stem + "_plots")
    else:
        out = pathlib.Path(args.out) if args.out else path.parent / (path.stem + "_plots")
    out.mkdir(parents=True, exist_ok=True)
    if args.course and report:
        print("plot: --course draws the course's figure; it writes no report", file=sys.stderr)
        return 2
    if args.course:
        written = course_plots(doc, out)
    else:
        written = size_plots(doc, out) + parameter_plots(doc, out)
    for w in written:
        print(w)
    if not written:
        print(f"plot: {path}: no state has two sizes or parameter values to draw", file=sys.stderr)
    if report:
        write_report(doc, report, out)
        print(report)
    return 0


if __name__ == "__main__":
    sys.exit(main())
