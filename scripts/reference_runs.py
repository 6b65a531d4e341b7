"""What the scripts that put what users already have beside the plugins, in the runner's
results format (numpy_reference.py, cpython_reference.py), share: reading a results file, and
the runner's measure() in Python (warm-up, then samples until min_samples and min_time are
reached and the noise is below max_noise, or until max_samples or max_time; each sample's
statistics as the runner writes them)."""
import json
import statistics
import sys
import time


def read_results(path, script):
    """The results file at `path` and its records; exits naming the file where it is not one."""
    try:
        with open(path) as f:
            results = json.load(f)
        return results, results["records"]
    except (OSError, ValueError, KeyError) as e:
        sys.exit(f"{script}: {path}: not a runner results file ({e})")


def new_record(state, fields, backend, version):
    """A record of `backend` for `state` (its `fields` copied), in the runner's results format,
    before anything is measured."""
    record = {k: state[k] for k in fields if k in state}
    record.update({"backend": backend, "backend_version": version, "params": {},
                   "variant": "", "status": "ok", "reason": "", "first_mismatch": None,
                   "worker_output": None, "time_s": None, "copy_time_s": None,
                   "end_to_end_time_s": None, "timing": "resident", "call_time_s": None})
    return record


def measure(sample, settings):
    start = time.perf_counter()
    for _ in range(settings.warmup):
        if time.perf_counter() - start >= settings.max_time:
            break
        sample()
    times = []
    while True:
        times.append(sample())
        k = len(times)
        if k >= settings.max_samples or time.perf_counter() - start >= settings.max_time:
            break
        if k >= settings.min_samples and sum(times) >= settings.min_time and \
                noise(times) <= settings.max_noise:
            break
    return stats(times)


def noise(times):
    mean = statistics.fmean(times)
    return statistics.stdev(times) / mean if len(times) > 1 and mean > 0 else 0.0


def stats(times):
    return {"median": statistics.median(times), "min": min(times), "max": max(times),
            "mean": statistics.fmean(times), "noise": noise(times), "samples": len(times),
            "total": sum(times)}


def timed(fn):
    def sample():
        t0 = time.perf_counter()
        fn()
        return time.perf_counter() - t0
    return sample


def add_measurement_arguments(parser):
    """The stopping rule's settings as command-line options."""
    parser.add_argument("--warmup", type=int, default=1)
    parser.add_argument("--min-samples", type=int, default=5)
    parser.add_argument("--max-samples", type=int, default=11)
    parser.add_argument("--min-time", type=float, default=0.5)
    parser.add_argument("--max-time", type=float, default=20)
    parser.add_argument("--max-noise", type=float, default=0.05)
