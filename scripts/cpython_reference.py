#!/usr/bin/env python3
"""CPython's UTF-8 codec beside the plugins: times what a Python user already has for the UTF-8
operations on every UTF-8 state of a runner results file, and writes that file again with a
`cpython` record per state in the runner's own results format, so that `runner report` and
`runner compare` put CPython beside the plugins (issue 33).

    python3 scripts/cpython_reference.py RESULTS.json --out WITH_CPYTHON.json
    runner report WITH_CPYTHON.json

The inputs are the very ones the runner measured: `runner inputs RESULTS.json --out DIR`
regenerates each from its seed (the runner is found beside this script's repository in
build/bin, or given with --runner). What is timed, per state:
- utf8_decode, replace form: `data.decode("utf-8", "replace")` (CPython replaces each maximal
  subpart with one U+FFFD, parprim's semantics); checked: the number of code points equals the
  count of the runner's validated records of the state. The validate form is recorded as
  skipped: CPython's decoder has no form that only validates (a strict decode builds the str
  all the same and stops at the first error).
- utf8_encode: the code points as a str (made before timing, from UTF-32), then
  `text.encode("utf-8")`; checked: the byte count equals the runner's. A state with errors is
  skipped: a Python str cannot hold a value above U+10FFFF, and the "replace" handler encodes a
  surrogate as "?", not U+FFFD.
The byte model is the runner's (bytes read plus bytes written by the operation, whatever CPython
stores inside its str), and the copy baseline is a copy of the input's bytes into a bytearray.
"""
import argparse
import json
import pathlib
import platform
import subprocess
import sys
import tempfile

from reference_runs import add_measurement_arguments, measure, new_record, read_results, timed

REPO = pathlib.Path(__file__).resolve().parents[1]
STATE_FIELDS = ("benchmark", "operation", "form", "utf8_form", "type", "n", "distribution",
                "seed", "errors")
BACKEND = "cpython"


class Unsupported(Exception):
    """A state CPython cannot compute with parprim's semantics: recorded as skipped."""


def find_runner(given):
    for candidate in ([given] if given else []) + [REPO / "build" / "bin" / "runner",
                                                    REPO / "bin" / "runner"]:
        if candidate and pathlib.Path(candidate).is_file():
            return str(candidate)
    sys.exit("cpython_reference: no runner found (build it, or pass --runner)")


def make_operation(state, data, count):
    """(variant, run, check, written) for one state; raises Unsupported."""
    if state["operation"] == "utf8_decode":
        if state.get("utf8_form", state["form"]) != "replace":
            raise Unsupported("CPython's decoder has no form that only validates: a strict "
                              "decode builds the str all the same")
        run = lambda: data.decode("utf-8", "replace")  # noqa: E731

        def check(text):
            assert count is None or len(text) == count, \
                f"{len(text)} code points, the runner's oracle {count}"
        return "bytes.decode", run, check
    if state["operation"] == "utf8_encode":
        if state.get("errors", 0):
            raise Unsupported("a Python str holds no value above U+10FFFF, and 'replace' "
                              "encodes a surrogate as '?', not U+FFFD")
        text = data.decode("utf-32-le")
        run = lambda: text.encode("utf-8")  # noqa: E731

        def check(encoded):
            assert count is None or len(encoded) == count, \
                f"{len(encoded)} bytes, the runner's oracle {count}"
        return "str.encode", run, check
    raise Unsupported(f"no CPython counterpart of '{state['operation']}'")


def cpython_record(state, data, count, settings):
    record = new_record(state, STATE_FIELDS, BACKEND, platform.python_version())
    try:
        variant, run, check = make_operation(state, data, count)
    except Unsupported as e:
        record.update(status="skipped", reason=str(e))
        return record
    record["variant"] = variant
    try:
        result = run()
        check(result)
    except AssertionError as e:
        record.update(status="failed", reason=f"validation failed: {e}")
        return record
    written = len(result)
    record["written"] = written
    record["time_s"] = measure(timed(run), settings)
    # The copy through a memoryview: bytearray[:] = bytes goes through a temporary (about 9x
    # slower here), which would flatter the share of the copy.
    copy = memoryview(bytearray(len(data)))
    record["copy_time_s"] = measure(timed(lambda: copy.__setitem__(slice(None), data)), settings)
    decode = state["operation"] == "utf8_decode"
    moved = float(len(data) + (4 * written if decode else written))
    median, copy_median = record["time_s"]["median"], record["copy_time_s"]["median"]
    record["bytes_moved"] = moved
    record["elements_per_second"] = state["n"] / median if median > 0 else 0
    record["gb_per_second"] = moved / median / 1e9 if median > 0 else 0
    record["copy_gb_per_second"] = 2.0 * len(data) / copy_median / 1e9 if copy_median > 0 else 0
    record["fraction_of_copy"] = record["gb_per_second"] / record["copy_gb_per_second"] \
        if record["copy_gb_per_second"] > 0 else 0
    return record


def input_key(r):
    return (r["operation"], r["type"], r["n"], r["distribution"], r["seed"], r.get("errors", 0.0))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("results", help="a runner results JSON")
    parser.add_argument("--out", required=True, help="where to write it with CPython's records")
    parser.add_argument("--runner", help="the runner executable (default: build/bin/runner)")
    add_measurement_arguments(parser)
    settings = parser.parse_args()
    results, records = read_results(settings.results, "cpython_reference")

    utf8 = [r for r in records if r["backend"] != BACKEND and r["operation"].startswith("utf8_")]
    states, counts = {}, {}
    for r in utf8:
        states.setdefault(tuple(json.dumps(r.get(k)) for k in STATE_FIELDS),
                          {k: r[k] for k in STATE_FIELDS if k in r})
        if r["status"] == "ok" and r.get("utf8_form", "replace") == "replace":
            counts[input_key(r)] = r["written"]  # the oracle's count, from a validated record
    merged = [r for r in records if r["backend"] != BACKEND]
    with tempfile.TemporaryDirectory(prefix="parprim-cpython-") as work:
        only = dict(results, records=utf8)
        with open(pathlib.Path(work) / "utf8.json", "w") as f:
            json.dump(only, f)
        subprocess.run([find_runner(settings.runner), "inputs", str(pathlib.Path(work) / "utf8.json"),
                        "--out", str(pathlib.Path(work) / "inputs")], check=True)
        files = {input_key(e): pathlib.Path(work) / "inputs" / e["file"]
                 for e in json.load(open(pathlib.Path(work) / "inputs" / "inputs.json"))}
        for state in states.values():
            data = files[input_key(state)].read_bytes()
            record = cpython_record(state, data, counts.get(input_key(state)), settings)
            print(f"cpython {record['variant'] or '-'} {state['operation']} {state['form']} "
                  f"n={state['n']} {state['distribution']} errors={state.get('errors', 0)}: "
                  f"{record['status']}" + (f" {record['time_s']['median']:.6g} s"
                                           if record["time_s"] else f" ({record['reason']})"),
                  file=sys.stderr)
            merged.append(record)
    results["records"] = merged
    results.setdefault("context", {})["cpython"] = {
        "version": platform.python_version(), "implementation": platform.python_implementation(),
        "command_line": " ".join(sys.argv)}
    with open(settings.out, "w") as f:
        json.dump(results, f, indent=1)
    return 1 if any(r["backend"] == BACKEND and r["status"] == "failed" for r in merged) else 0


if __name__ == "__main__":
    sys.exit(main())
