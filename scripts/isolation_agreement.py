#!/usr/bin/env python3
"""Do worker processes change any figure? Reads results of runs in isolation mode `both`
(configs/isolation_overhead.yaml), where each state is measured in a worker, in a second worker
right after (BACKEND:second-worker) and then in the runner's own process (BACKEND:in-process).

Two ratios of medians per run, each between neighbours in time:
- control = second worker / first worker: two measurements of the very same thing; how far they
  differ is this host's noise from one state to the next (placement of the buffers, neighbours);
- isolation = in-process / second worker: what leaving the worker changes, plus that noise.

The same for the sandbox (docs/isolation.md): runs with `isolation: {mode: both, sandbox:
compare}` (configs/sandbox_overhead.yaml) also measure each state in a worker without the sandbox
(BACKEND:unsandboxed), right after the second worker; `--against :unsandboxed` judges
unsandboxed / second worker instead of in-process / second worker.

Per backend, variant, operation and size it prints each run's ratios, their geometric means with
a 95% confidence interval (Student's t over the runs' log ratios), the spread of each, and the
verdict: isolation agrees when its interval holds 1 (no change is shown). The control's interval
says how small a change these runs could have seen. As a Markdown table:

    python3 scripts/isolation_agreement.py RESULTS.json [RESULTS.json ...]
    python3 scripts/isolation_agreement.py --against :unsandboxed RESULTS.json [...]
"""
import json
import math
import statistics
import sys

SECOND = ":second-worker"
IN_PROCESS = ":in-process"
# Two-sided 95% quantiles of Student's t by degrees of freedom (runs - 1).
T95 = {1: 12.706, 2: 4.303, 3: 3.182, 4: 2.776, 5: 2.571, 6: 2.447, 7: 2.365, 8: 2.306,
       9: 2.262, 10: 2.228, 11: 2.201, 12: 2.179, 13: 2.160, 14: 2.145, 15: 2.131, 20: 2.086,
       25: 2.060, 30: 2.042}


def t95(df):
    if df > 30:
        return 1.96
    return T95[max(k for k in T95 if k <= df)]  # the nearest tabled df below: a wider interval


def interval(ratios):
    """Geometric mean and its 95% interval; the interval is None with one run."""
    logs = [math.log(r) for r in ratios]
    mean = statistics.fmean(logs)
    if len(logs) < 2:
        return math.exp(mean), None, 0.0
    sd = statistics.stdev(logs)
    half = t95(len(logs) - 1) * sd / math.sqrt(len(logs))
    return math.exp(mean), (math.exp(mean - half), math.exp(mean + half)), sd


def describe(ratios):
    mean, ci, sd = interval(ratios)
    where = f" [{ci[0]:.3f}, {ci[1]:.3f}]" if ci else ""
    return f"{mean:.3f}{where}", ci, sd


def main(paths, against=IN_PROCESS):
    pairs = {}  # (backend, variant, operation, n) -> [(control, isolation)]
    for path in paths:
        with open(path) as f:
            records = json.load(f)["records"]
        times = {(r["backend"], r["variant"], r["operation"], r["n"]): r["time_s"]["median"]
                 for r in records if r["status"] == "ok" and r["time_s"]}
        for (backend, variant, op, n), first in times.items():
            if ":" in backend:  # a suffixed session of a plugin, never the first worker
                continue
            second = times.get((backend + SECOND, variant, op, n))
            other = times.get((backend + against, variant, op, n))
            if second is None or other is None:
                continue
            pairs.setdefault((backend, variant, op, n), []).append(
                (second / first, other / second))
    if not pairs:
        sys.exit(f"isolation_agreement: no state measured in two workers and as {against} "
                 "(were these runs made with isolation mode both, and sandbox: compare for "
                 ":unsandboxed?)")
    name = against.lstrip(":")
    print("| backend/variant | operation | n | runs | control: second / first worker, each run "
          f"| {name} / second worker, each run | control, geometric mean [95%] "
          f"| {name}, geometric mean [95%] | spread of log ratios, control / {name} "
          f"| {name} agrees |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    for (backend, variant, op, n), runs in pairs.items():
        control = [c for c, _ in runs]
        isolation = [i for _, i in runs]
        control_text, _, control_sd = describe(control)
        isolation_text, ci, isolation_sd = describe(isolation)
        verdict = "n/a (one run)" if ci is None else ("yes" if ci[0] <= 1 <= ci[1] else "**no**")
        print(f"| {backend}/{variant} | {op} | {n} | {len(runs)} "
              f"| {' '.join(f'{r:.3f}' for r in control)} "
              f"| {' '.join(f'{r:.3f}' for r in isolation)} "
              f"| {control_text} | {isolation_text} "
              f"| {control_sd:.3f} / {isolation_sd:.3f} | {verdict} |")


if __name__ == "__main__":
    args = sys.argv[1:]
    suffix = IN_PROCESS
    if len(args) >= 2 and args[0] == "--against":
        suffix, args = args[1], args[2:]
    if not args:
        sys.exit(__doc__)
    main(args, suffix)
