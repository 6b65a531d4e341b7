#!/usr/bin/env python3
"""numpy beside the plugins: times what a Python user already has (np.sort / np.argsort,
np.cumsum, boolean-mask compaction) on every state of a runner results file and writes that file
again with a `numpy` record per state, in the runner's own results format, so that
`runner report` and `runner compare` put numpy beside the plugins (issue 17).

    python3 scripts/numpy_reference.py RESULTS.json --out WITH_NUMPY.json
    runner report WITH_NUMPY.json

numpy is not a dependency of parprim: where it cannot be imported, the script makes its own
virtual environment (.venv-numpy in the repository, or $PARPRIM_NUMPY_VENV), installs numpy from
PyPI there (NUMPY_REQUIREMENT below) and runs itself again with it.

numpy picks its SIMD code when it is imported, and its AVX-512 sort is not always its fastest:
on AMD Zen 4 (the 2-core machine of 2026-11-24) np.sort of u32 keys took 7x longer with it than
with its AVX2 code, whose compress stores are not microcoded there. `--without-avx512` measures
numpy with its AVX-512 targets switched off (NPY_DISABLE_CPU_FEATURES) as the backend
`numpy_avx2`; run the script once each way and the results file holds both, so that a plugin
is compared with the faster. Each run's dispatch is recorded in the context.

    python3 scripts/numpy_reference.py R.json --out R_np.json
    python3 scripts/numpy_reference.py R_np.json --out R_np.json --without-avx512

What is timed, per state, on the very input the runner generated (the generators of
core/src/generators.cpp, reproduced bit for bit from the state's seed):
- sort keys: `out[:] = keys; out.sort()` (ascending; np.sort's default kind: x86-simd-sort),
  then `out[::-1]` copied for descending; pairs: a stable `np.argsort` of the keys (of the keys
  reversed, for a stable descending order) and both arrays gathered by it;
- scan: `np.cumsum(x, dtype=x.dtype, out=out)` (integers wrap, as in parprim); exclusive: the
  cumulative sum of x[:-1] written from out[1], out[0] = 0;
- compact: `x[x != 0]` or `x[x > threshold]` (a new array, as numpy makes it).
Each state is checked before it is timed: the sort's order, the scan's total, and the number of
kept elements against the count the runner's own validated records give. A state numpy cannot
compute with parprim's semantics (a float sort with NaN, -0.0 or other special values: numpy
orders them differently) is recorded as skipped with the reason. The copy baseline is
`np.copyto` of the same bytes.
"""
import argparse
import json
import os
import pathlib
import platform
import subprocess
import sys

from reference_runs import add_measurement_arguments, measure, new_record, read_results, timed

NUMPY_REQUIREMENT = "numpy==2.4.*"
REPO = pathlib.Path(__file__).resolve().parents[1]
# The operations numpy has a form of; the UTF-8 states are CPython's (scripts/cpython_reference.py).
NUMPY_OPERATIONS = ("sort", "scan", "compact")
STATE_FIELDS = ("benchmark", "operation", "form", "type", "n", "distribution", "seed",
                "scan_kind", "predicate", "threshold", "sort_payload", "sort_order")


# numpy's dispatch targets that use AVX-512 (numpy 2.x names; unknown names are ignored).
AVX512_TARGETS = "X86_V4 AVX512_ICL AVX512_SPR AVX512_SKX AVX512F"


def ensure_numpy():
    """Imports numpy, or runs this script again from a virtual environment that has it; with
    --without-avx512, in an environment that switches numpy's AVX-512 code off first."""
    if "--without-avx512" in sys.argv and \
            os.environ.get("NPY_DISABLE_CPU_FEATURES") != AVX512_TARGETS:
        env = dict(os.environ, NPY_DISABLE_CPU_FEATURES=AVX512_TARGETS)
        os.execve(sys.executable, [sys.executable, __file__, *sys.argv[1:]], env)
    try:
        import numpy  # noqa: F401
        return
    except ImportError:
        pass
    venv = pathlib.Path(os.environ.get("PARPRIM_NUMPY_VENV", REPO / ".venv-numpy"))
    python = venv / "bin" / "python"
    if os.environ.get("PARPRIM_NUMPY_REEXEC"):
        sys.exit(f"numpy_reference: {python} still cannot import numpy")
    if not python.exists():
        print(f"numpy_reference: making {venv} with {NUMPY_REQUIREMENT} from PyPI",
              file=sys.stderr)
        try:
            subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
            subprocess.run([str(python), "-m", "pip", "install", "--quiet", NUMPY_REQUIREMENT],
                           check=True)
        except (subprocess.CalledProcessError, OSError) as e:
            sys.exit(f"numpy_reference: cannot make the numpy environment {venv}: {e} "
                     "(needs python3-venv and PyPI)")
    env = dict(os.environ, PARPRIM_NUMPY_REEXEC="1")
    os.execve(str(python), [str(python), __file__, *sys.argv[1:]], env)


class Unsupported(Exception):
    """A state numpy cannot compute with parprim's semantics: recorded as skipped."""


# --- the runner's inputs, bit for bit (core/src/generators.cpp) --------------------------------

def dtypes():
    import numpy as np
    return {"i32": np.int32, "u32": np.uint32, "i64": np.int64, "u64": np.uint64,
            "f32": np.float32, "f64": np.float64}


def mix(x):
    """splitmix64's finaliser over a uint64 array (wrapping arithmetic)."""
    import numpy as np
    x = x + np.uint64(0x9E3779B97F4A7C15)
    x = (x ^ (x >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    x = (x ^ (x >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return x ^ (x >> np.uint64(31))


def bits_at(seed, stream, index):
    import numpy as np
    key = mix(np.array([seed ^ ((stream << 56) & 0xFFFFFFFFFFFFFFFF)], dtype=np.uint64))[0]
    return mix(np.uint64(key) ^ index.astype(np.uint64))


def uniform_value(bits, T):
    import numpy as np
    if np.issubdtype(T, np.floating):
        digits = np.finfo(T).nmant + 1
        u = (bits >> np.uint64(64 - digits)).astype(T) / T(2.0 ** digits)
        return u * T(2) - T(1)
    return bits.astype(T)  # the low bits, wrapping as the C++ cast does


def spread(i, n, T):
    import numpy as np
    ld = np.longdouble
    if np.issubdtype(T, np.floating):
        return (ld(-1) + ld(2) * i.astype(ld) / ld(n)).astype(T)
    info = np.iinfo(T)
    unsigned = np.dtype(T).newbyteorder("=").str.replace("i", "u")
    span = ld(np.iinfo(np.dtype(unsigned)).max)
    offset = (i.astype(ld) / ld(n) * span).astype(np.dtype(unsigned))
    low = np.array([info.min], dtype=T).view(unsigned)[0]
    return (offset + low).astype(unsigned).view(T)


def special_values(T):
    import numpy as np
    tiny = np.finfo(T).smallest_subnormal
    return np.array([0.0, -0.0, np.inf, -np.inf, np.nan, -np.nan, tiny, -tiny], dtype=T)


def generate(type_name, distribution, n, seed):
    import numpy as np
    T = dtypes()[type_name]
    i = np.arange(n, dtype=np.uint64)
    with np.errstate(over="ignore"):
        if distribution == "uniform":
            return uniform_value(bits_at(seed, 0, i), T)
        if distribution == "small":
            return (bits_at(seed, 0, i) >> np.uint64(62)).astype(T)
        if distribution == "all_equal":
            b = bits_at(seed, 1, np.zeros(1, dtype=np.uint64))
            value = uniform_value(b, T) if np.issubdtype(T, np.floating) else \
                (b % np.uint64(1000)).astype(T)
            return np.full(n, value[0], dtype=T)
        if distribution == "sorted":
            return spread(i, n, T)
        if distribution == "reverse_sorted":
            return spread(i, n, T)[::-1].copy()  # element i is spread(n - 1 - i)
        if distribution == "few_unique":
            palette = uniform_value(bits_at(seed, 2, np.arange(16, dtype=np.uint64)), T)
            return palette[(bits_at(seed, 0, i) >> np.uint64(60)).astype(np.intp)]
        if distribution == "float_special":
            if not np.issubdtype(T, np.floating):
                raise Unsupported("float_special inputs exist for f32 and f64 only")
            b = bits_at(seed, 0, i)
            special = special_values(T)[(b & np.uint64(7)).astype(np.intp)]
            return np.where((b >> np.uint64(62)) == 0, special, uniform_value(b, T))
    raise ValueError(f"unknown distribution '{distribution}'")


# --- the operations, as a numpy user writes them ---------------------------------------------

def in_order(keys, descending):
    import numpy as np
    return bool(np.all(keys[:-1] >= keys[1:]) if descending else np.all(keys[:-1] <= keys[1:]))


def make_operation(state, x):
    """(variant, run, check): run() does the work once and returns its result; check(result)
    raises AssertionError where the result is wrong."""
    import numpy as np
    op = state["operation"]
    n = len(x)
    if op == "sort":
        if np.issubdtype(x.dtype, np.floating) and (
                np.any(np.isnan(x)) or np.any((x == 0) & np.signbit(x))):
            raise Unsupported("numpy orders NaN and -0.0 unlike parprim's total order of floats")
        descending = state["sort_order"] == "descending"
        if state["sort_payload"] == "keys":
            out = np.empty_like(x)

            def run():
                out[:] = x
                out.sort()
                return out[::-1].copy() if descending else out

            def check(keys):
                assert in_order(keys, descending), "keys out of order"
                assert np.array_equal(np.sort(keys), np.sort(x)), "not the input's keys"
            return "np.sort", run, check
        values = np.arange(n).astype(x.dtype)

        def run():
            if descending:  # stable descending: the stable ascending order of the reversed keys
                order = np.argsort(x[::-1], kind="stable")[::-1]
                order = (n - 1) - order
            else:
                order = np.argsort(x, kind="stable")
            return x[order], values[order]

        def check(result):
            keys, vals = result
            assert in_order(keys, descending), "keys out of order"
            ties = keys[:-1] == keys[1:]
            assert np.all(vals[:-1][ties] < vals[1:][ties]), "equal keys out of input order"
        return "np.argsort (stable)", run, check
    if op == "scan":
        out = np.empty_like(x)
        exclusive = state["scan_kind"] == "exclusive"

        def run():
            if exclusive:
                if n:
                    out[0] = 0
                    np.cumsum(x[:-1], dtype=x.dtype, out=out[1:])
            else:
                np.cumsum(x, dtype=x.dtype, out=out)
            return out

        def check(result):
            if n == 0 or np.issubdtype(x.dtype, np.floating):
                return
            with np.errstate(over="ignore"):
                total = np.sum(x if not exclusive else x[:-1], dtype=x.dtype)
            assert result[-1] == total, f"last element {result[-1]}, the wrapping sum {total}"
        return "np.cumsum", run, check
    if op == "compact":
        if state["predicate"] == "nonzero":
            run = lambda: x[x != 0]  # noqa: E731
        else:
            threshold = x.dtype.type(state["threshold"])
            run = lambda: x[x > threshold]  # noqa: E731
        kept = state.get("kept")

        def check(result):
            if kept is not None:
                assert len(result) == kept, f"kept {len(result)}, the runner's oracle {kept}"
        return "boolean mask", run, check
    raise Unsupported(f"no numpy counterpart of '{op}'")


def bytes_moved(state, n, kept, size):
    op = state["operation"]
    if op == "scan":
        return 2.0 * n * size
    if op == "compact":
        return float(n + kept) * size
    return (4.0 if state.get("sort_payload") == "pairs" else 2.0) * n * size


def simd_dispatch():
    """What numpy's SIMD dispatch found on this CPU, and what it was told not to use."""
    try:
        from numpy._core import _multiarray_umath as umath
    except ImportError:  # numpy 1.x
        from numpy.core import _multiarray_umath as umath
    found = [f for f in umath.__cpu_dispatch__ if umath.__cpu_features__.get(f)]
    return {"baseline": list(umath.__cpu_baseline__), "dispatch_found": found,
            "disabled": os.environ.get("NPY_DISABLE_CPU_FEATURES", "")}


def numpy_record(state, settings, version, backend):
    import numpy as np
    record = new_record(state, STATE_FIELDS, backend, version)
    n = state["n"]
    try:
        x = generate(state["type"], state["distribution"], n, state["seed"])
        variant, run, check = make_operation(state, x)
    except Unsupported as e:
        record.update(status="skipped", reason=str(e))
        return record
    record["variant"] = variant
    try:
        check(run())
    except AssertionError as e:
        record.update(status="failed", reason=f"validation failed: {e}")
        return record
    kept = len(run()) if state["operation"] == "compact" else n
    if state["operation"] == "compact":
        record["kept"] = kept
    record["time_s"] = measure(timed(run), settings)
    copy = np.empty_like(x)
    record["copy_time_s"] = measure(timed(lambda: np.copyto(copy, x)), settings)
    moved = bytes_moved(state, n, kept, x.dtype.itemsize)
    median = record["time_s"]["median"]
    copy_median = record["copy_time_s"]["median"]
    record["bytes_moved"] = moved
    record["elements_per_second"] = n / median if median > 0 else 0
    record["gb_per_second"] = moved / median / 1e9 if median > 0 else 0
    copy_bytes = 2.0 * n * x.dtype.itemsize
    record["copy_gb_per_second"] = copy_bytes / copy_median / 1e9 if copy_median > 0 else 0
    record["fraction_of_copy"] = copy_median / median if median > 0 else 0
    return record


def main():
    ensure_numpy()
    import numpy as np
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("results", help="a runner results JSON")
    parser.add_argument("--out", required=True, help="where to write it with numpy's records")
    add_measurement_arguments(parser)
    parser.add_argument("--without-avx512", action="store_true",
                        help="switch numpy's AVX-512 code off (backend numpy_avx2)")
    parser.add_argument("--backend", help="the records' backend name (default: numpy, or "
                        "numpy_avx2 with --without-avx512); earlier records of it are replaced")
    settings = parser.parse_args()
    backend = settings.backend or ("numpy_avx2" if settings.without_avx512 else "numpy")
    results, records = read_results(settings.results, "numpy_reference")

    numpy_backends = {"numpy", "numpy_avx2", backend} | {
        name for name in results.get("context", {}).get("numpy_backends", {})}
    states = {}
    left_out = set()
    for r in records:
        if r["backend"] in numpy_backends:
            continue
        if r["operation"] not in NUMPY_OPERATIONS:
            left_out.add(r["operation"])
            continue
        key = tuple(json.dumps(r.get(k)) for k in STATE_FIELDS)
        state = states.setdefault(key, {k: r[k] for k in STATE_FIELDS if k in r})
        if r["operation"] == "compact" and r["status"] == "ok":
            state["kept"] = r["kept"]  # the oracle's count, from a validated record
    for operation in sorted(left_out):
        print(f"numpy: no numpy form of {operation}: its states are left out "
              "(scripts/cpython_reference.py times CPython's UTF-8 codec)", file=sys.stderr)
    version = np.__version__
    merged = [r for r in records if r["backend"] != backend]
    for state in states.values():
        record = numpy_record(state, settings, version, backend)
        print(f"numpy {record['variant'] or '-'} {state['operation']} {state['form']} "
              f"{state['type']} n={state['n']} {state['distribution']}: {record['status']}"
              + (f" {record['time_s']['median']:.6g} s" if record["time_s"] else
                 f" ({record['reason']})"), file=sys.stderr)
        merged.append(record)
    results["records"] = merged
    context = results.setdefault("context", {})
    about = {"version": version, "python": platform.python_version(),
             "command_line": " ".join(sys.argv), "simd": simd_dispatch()}
    context.setdefault("numpy_backends", {})[backend] = about
    if backend == "numpy":
        context["numpy"] = about
    failed = [r for r in merged if r["backend"] == backend and r["status"] == "failed"]
    with open(settings.out, "w") as f:
        json.dump(results, f, indent=1)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
