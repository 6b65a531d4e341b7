"""Issue 35's rows from a status run with numpy added: each plugin's median (and its thread
count, where the run set one) against the faster of np.sort (either build) and VQSort in the same
file. Usage: python3 status_rows.py S.json..."""
import json
import sys


def name(record):
    threads = record.get("params", {}).get("threads")
    label = f"{record['backend']}/{record['variant']}"
    return label + (f" {threads} threads" if threads is not None and record["backend"] == "cpu_tbb" else "")


for path in sys.argv[1:]:
    records = json.load(open(path))["records"]
    for n in sorted({r["n"] for r in records}):
        at = {}
        for r in records:
            if r["n"] == n and r["status"] == "ok":
                at[name(r)] = r["time_s"]["median"] * 1e3
        anchors = {k: v for k, v in at.items() if k.startswith("numpy") or "/vqsort" in k}
        best = min(anchors, key=anchors.get)
        rows = ", ".join(f"{k} {t:.1f} ms: {t / anchors[best]:.3f}x"
                         for k, t in sorted(at.items()) if k not in anchors)
        print(f"{path} 2^{n.bit_length() - 1}: faster anchor {best} {anchors[best]:.1f} ms "
              f"(of {', '.join(f'{k} {t:.1f}' for k, t in sorted(anchors.items()))}); {rows}")
