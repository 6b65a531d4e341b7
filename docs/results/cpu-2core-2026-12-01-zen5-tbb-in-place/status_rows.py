"""Issue 35's rows from a status run with numpy added: each plugin's median against the faster
of np.sort (either build) and VQSort in the same file. Usage: python3 status_rows.py S.json..."""
import json
import sys

for path in sys.argv[1:]:
    records = json.load(open(path))["records"]
    for n in sorted({r["n"] for r in records}):
        at = {(r["backend"], r["variant"]): r["time_s"]["median"] * 1e3
              for r in records if r["n"] == n and r["status"] == "ok"}
        anchors = {k: v for k, v in at.items() if k[0].startswith("numpy") or k[1] == "vqsort"}
        best = min(anchors, key=anchors.get)
        rows = ", ".join(f"{b}/{v} {t:.1f} ms: {t / anchors[best]:.3f}x"
                         for (b, v), t in sorted(at.items()) if (b, v) not in anchors)
        print(f"{path} 2^{n.bit_length() - 1}: faster anchor {best[0]}/{best[1]} {anchors[best]:.1f} ms "
              f"(of {', '.join(f'{b}/{v} {t:.1f}' for (b, v), t in sorted(anchors.items()))}); {rows}")
