#!/usr/bin/env python3
"""Prints, as Markdown, the ratios the issues' targets are stated in, computed from runner
results JSON files (so the figures in docs/results/ are regenerated, not typed).

    python3 scripts/summarize_results.py docs/results/h200-2026-11-21
"""
import json
import pathlib
import sys

# shared/PERF.md: CUB (CUDA 13.0, median of 15), ms, per device. The reference the `cub` variant
# is held to; results are compared only with the table of their own device.
PERF_H100_CUB = {
    ("scan", 2**24): 0.0689, ("scan", 2**26): 0.2279, ("scan", 2**28): 0.8823,
    ("compact", 2**24): 0.0639, ("compact", 2**26): 0.2181, ("compact", 2**28): 0.8305,
    ("sort keys", 2**24): 0.4733, ("sort keys", 2**26): 1.6465, ("sort keys", 2**28): 6.4111,
    ("sort pairs", 2**24): 0.6196, ("sort pairs", 2**26): 2.2465, ("sort pairs", 2**28): 8.9207,
}
PERF_H200_CUB = {
    ("scan", 2**24): 0.0542, ("scan", 2**26): 0.1798, ("scan", 2**28): 0.6847,
    ("compact", 2**24): 0.0529, ("compact", 2**26): 0.1788, ("compact", 2**28): 0.6779,
    ("sort keys", 2**24): 0.4637, ("sort keys", 2**26): 1.6226, ("sort keys", 2**28): 6.3220,
    ("sort pairs", 2**24): 0.5472, ("sort pairs", 2**26): 1.9127, ("sort pairs", 2**28): 7.4269,
}


def load(path):
    with open(path) as f:
        return json.load(f)


def kind(r):
    if r["operation"] == "sort":
        return "sort " + r["sort_payload"]
    return r["operation"]


def median_ms(r):
    return r["time_s"]["median"] * 1e3


def index(records):
    table = {}
    for r in records:
        if r["status"] == "ok":
            table[(kind(r), r["type"], r["n"], r["backend"], r["variant"])] = r
    return table


def gpu_section(path):
    d = load(path)
    t = index(d["records"])
    device = next((p["device"] for p in d["context"]["plugins"] if p["name"] == "thrust"), "")
    perf = PERF_H100_CUB if "H100" in device else PERF_H200_CUB if "H200" in device else {}
    out = [f"## GPU figures ({pathlib.Path(path).name}: {device}, {d['context']['date']})", ""]
    out.append("| operation | n | cub ms | PERF.md CUB ms | cub / PERF | thrust / cub |"
               " cuda_efficient / cub | cuda_naive shared / cub | copy TB/s |")
    out.append("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    for (k, typ, n, backend, variant), r in sorted(t.items(), key=lambda x: (x[0][0], x[0][2])):
        if backend != "thrust" or variant != "cub":
            continue
        cub = median_ms(r)
        ref = perf.get((k, n))
        def ratio(b, v):
            o = t.get((k, typ, n, b, v))
            return f"{median_ms(o) / cub:.2f}" if o else "-"
        eff = ratio("cuda_efficient", "blelloch" if k in ("scan", "compact") else "radix")
        naive = ratio("cuda_naive", "shared") if k == "scan" else "-"
        out.append(f"| {k} {typ} | 2^{n.bit_length() - 1} | {cub:.4f} | "
                   f"{ref if ref else '-'} | {f'{cub / ref:.3f}' if ref else '-'} | "
                   f"{ratio('thrust', 'thrust')} | {eff} | {naive} | "
                   f"{r['copy_gb_per_second'] / 1e3:.2f} |")
    return out


def cpu_section(path):
    d = load(path)
    t = index(d["records"])
    ctx = d["context"]
    out = [f"## CPU figures ({pathlib.Path(path).name}: {ctx['cpu']['model']}, "
           f"{ctx['cpu']['threads']} threads, {ctx['date']})", ""]
    out.append("| figure | i32 | u32 |")
    out.append("|---|---:|---:|")
    n = 2**26

    def get(k, typ, b, v):
        return t.get((k, typ, n, b, v))

    rows = [
        ("cpu_seq scan / its memcpy", lambda typ: get("scan", typ, "cpu_seq", "sequential"), "copy"),
        ("cpu_seq compact / its memcpy", lambda typ: get("compact", typ, "cpu_seq", "branchless"), "copy"),
        ("cpu_tbb scan / its parallel copy", lambda typ: get("scan", typ, "cpu_tbb", "chained"), "copy"),
        ("cpu_tbb compact / its parallel copy", lambda typ: get("compact", typ, "cpu_tbb", "chained"), "copy"),
    ]
    for label, pick, _ in rows:
        cells = []
        for typ in ("i32", "u32"):
            r = pick(typ)
            cells.append(f"{r['time_s']['median'] / r['copy_time_s']['median']:.2f}x" if r else "-")
        out.append(f"| {label} | {cells[0]} | {cells[1]} |")

    def speedup(label, slow, fast):
        cells = []
        for typ in ("i32", "u32"):
            a, b = get("sort keys", typ, *slow), get("sort keys", typ, *fast)
            cells.append(f"{median_ms(a) / median_ms(b):.1f}x" if a and b else "-")
        out.append(f"| {label} | {cells[0]} | {cells[1]} |")

    speedup("cpu_seq radix faster than std::stable_sort (`std`)", ("cpu_seq", "std"), ("cpu_seq", "radix"))
    speedup("cpu_tbb radix faster than tbb::parallel_sort", ("cpu_tbb", "tbb_parallel_sort"), ("cpu_tbb", "radix"))
    speedup("cpu_tbb radix faster than cpu_seq radix", ("cpu_seq", "radix"), ("cpu_tbb", "radix"))
    for typ in ("i32", "u32"):
        a, b = get("scan", typ, "cpu_seq", "sequential"), get("scan", typ, "cpu_tbb", "chained")
        if a and b:
            out.append(f"| cpu_tbb scan faster than cpu_seq scan ({typ}) | "
                       f"{median_ms(a) / median_ms(b):.1f}x | |")
    return out


def main():
    folder = pathlib.Path(sys.argv[1])
    lines = []
    if (folder / "gpu.json").exists():
        lines += gpu_section(folder / "gpu.json") + [""]
    if (folder / "cpu_2p26.json").exists():
        lines += cpu_section(folder / "cpu_2p26.json") + [""]
    print("\n".join(lines))


if __name__ == "__main__":
    main()
