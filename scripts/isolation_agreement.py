#!/usr/bin/env python3
"""Do worker processes change any figure? Reads results of runs in isolation mode `both`
(configs/isolation_overhead.yaml) and prints, per backend, variant, operation and size, the
ratio of the in-process median to the worker's median in each run, their geometric mean, and the
larger in-state noise of each pair (median over the runs), as a Markdown table.

    python3 scripts/isolation_agreement.py RESULTS.json [RESULTS.json ...]
"""
import json
import statistics
import sys

SUFFIX = ":in-process"


def main(paths):
    ratios = {}  # (backend, variant, operation, n) -> [(ratio, noise)]
    for path in paths:
        with open(path) as f:
            records = json.load(f)["records"]
        times = {(r["backend"], r["variant"], r["operation"], r["n"]): r["time_s"]
                 for r in records if r["status"] == "ok" and r["time_s"]}
        for (backend, variant, op, n), worker in times.items():
            if backend.endswith(SUFFIX):
                continue
            in_process = times.get((backend + SUFFIX, variant, op, n))
            if in_process is None:
                continue
            ratios.setdefault((backend, variant, op, n), []).append(
                (in_process["median"] / worker["median"], max(worker["noise"], in_process["noise"])))
    if not ratios:
        sys.exit("isolation_agreement: no pair of worker and in-process records "
                 "(were these runs made with isolation mode both?)")
    print("| backend/variant | operation | n | in-process / worker median, each run "
          "| geometric mean | in-state noise (larger of the pair, median) |")
    print("| --- | --- | --- | --- | --- | --- |")
    for (backend, variant, op, n), pairs in ratios.items():
        values = [r for r, _ in pairs]
        print(f"| {backend}/{variant} | {op} | {n} | {' '.join(f'{r:.3f}' for r in values)} "
              f"| {statistics.geometric_mean(values):.3f} "
              f"| ±{100 * statistics.median(z for _, z in pairs):.0f}% |")


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    main(sys.argv[1:])
