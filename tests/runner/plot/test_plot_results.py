#!/usr/bin/python3
"""runner/plot/plot_results.py: the series' styles (one colour per backend, a line style of its
own per variant, never two series alike), powers of two as the line with the sizes beside them
as markers, and the course's figure (--course). Run by ctest with Debian's matplotlib."""
import json
import pathlib
import subprocess
import sys
import tempfile
import unittest

HERE = pathlib.Path(__file__).resolve().parent
SCRIPT = HERE.parents[2] / "runner" / "plot" / "plot_results.py"
sys.path.insert(0, str(SCRIPT.parent))
import plot_results  # noqa: E402

# The main job's scan plot on the H100: the 12 series that the 10-colour cycle drew with
# repeated colours (thrust/cub and course_example/cpu alike, thrust/thrust and
# course_example/efficient alike).
MAIN_JOB_SERIES = [
    "course_example/cpu", "course_example/efficient", "course_example/naive",
    "course_example/thrust", "cpu_seq/sequential", "cpu_seq/simd", "cpu_tbb/chained",
    "cuda_efficient/blelloch", "cuda_efficient/lookback", "cuda_naive/hillis_steele",
    "thrust/cub", "thrust/thrust"]


def record(backend, variant, n, ms, operation="scan", timing=None):
    t = {"median": ms * 1e-3, "min": ms * 0.9e-3, "max": ms * 1.1e-3, "noise": 0.01}
    r = {"backend": backend, "variant": variant, "n": n, "operation": operation,
         "benchmark": operation, "form": "exclusive", "type": "i32", "distribution": "uniform",
         "params": {}, "status": "ok", "time_s": t, "gb_per_second": n * 8 / ms * 1e-6,
         "copy_gb_per_second": 1000.0, "reason": ""}
    if timing:
        r["timing"] = timing
    return r


def results(records):
    return {"schema": "parprim-results", "schema_version": 1, "records": records,
            "context": {"plugins": [{"name": b, "device": "NVIDIA H100 80GB HBM3 (sm_90)"}
                                    for b in {r["backend"] for r in records}],
                        "cpu": {"model": "x", "threads": 16}, "date": "2026-11-26T00:00:00Z"}}


def plot(test, records, *args):
    """Runs the script on `records` with `args`, its plots written to a temporary folder, and
    asserts it succeeded; returns the names of the files it made, sorted, and each SVG's text."""
    with tempfile.TemporaryDirectory() as tmp:
        tmp = pathlib.Path(tmp)
        (tmp / "r.json").write_text(json.dumps(results(records)))
        run = subprocess.run([sys.executable, str(SCRIPT), str(tmp / "r.json"), *args, "--out",
                              str(tmp / "plots")], capture_output=True, text=True)
        test.assertEqual(run.returncode, 0, run.stderr)
        made = sorted(p.name for p in (tmp / "plots").iterdir())
        svgs = {name: (tmp / "plots" / name).read_text() for name in made if name.endswith(".svg")}
        return made, svgs


class Styles(unittest.TestCase):
    def test_one_colour_per_backend_and_no_two_series_alike(self):
        styles = plot_results.series_styles(MAIN_JOB_SERIES)
        colour = {}
        for name, style in styles.items():
            colour.setdefault(name.split("/")[0], set()).add(style["color"])
        self.assertTrue(all(len(c) == 1 for c in colour.values()), colour)
        self.assertEqual(len({next(iter(c)) for c in colour.values()}), len(colour))
        looks = [(s["color"], str(s["linestyle"])) for s in styles.values()]
        self.assertEqual(len(set(looks)), len(MAIN_JOB_SERIES))
        # Within a backend, line style and marker are each its own.
        course = [styles[n] for n in MAIN_JOB_SERIES if n.startswith("course_example/")]
        self.assertEqual(len({str(s["linestyle"]) for s in course}), 4)
        self.assertEqual(len({s["marker"] for s in course}), 4)

    def test_never_a_repeat_past_the_palette_and_the_named_styles(self):
        names = [f"b{b:02d}/v{v}" for b in range(23) for v in range(7)]
        styles = plot_results.series_styles(names)
        looks = {(s["color"], str(s["linestyle"])) for s in styles.values()}
        self.assertEqual(len(looks), len(names))

    def test_powers_of_two_make_the_line_their_neighbours_are_markers(self):
        rs = [record("a", "v", n, 1.0) for n in (2**16 - 3, 2**16, 2**20 - 3, 2**20)]
        line, beside = plot_results.line_and_neighbours(rs)
        self.assertEqual([r["n"] for r in line], [2**16, 2**20])
        self.assertEqual([r["n"] for r in beside], [2**16 - 3, 2**20 - 3])
        # Fewer than two powers of two: all of it is the line.
        rs = [record("a", "v", n, 1.0) for n in (1000, 2**12, 5000)]
        line, beside = plot_results.line_and_neighbours(rs)
        self.assertEqual(len(line), 3)
        self.assertEqual(beside, [])


class InputClasses(unittest.TestCase):
    def test_utf8_error_rates_are_plotted_apart(self):
        # The same text with and without errors: two inputs, never one line through both.
        records = []
        for errors in (0, 0.01):
            for n in (2**24, 2**28):
                r = record("cuda_efficient", "lookback", n, n * (2 if errors else 1) * 1e-6,
                           operation="utf8_decode")
                r.update(form="replace", type="u8", distribution="ascii", errors=errors)
                records.append(r)
        made, _ = plot(self, records)
        self.assertEqual(made, ["utf8_decode_replace_u8_ascii.png",
                                "utf8_decode_replace_u8_ascii.svg",
                                "utf8_decode_replace_u8_ascii_errors_0_01.png",
                                "utf8_decode_replace_u8_ascii_errors_0_01.svg"])


class CourseFigure(unittest.TestCase):
    def test_one_figure_per_operation_every_series_in_it(self):
        records = []
        for n in (2**16, 2**20 - 3, 2**20, 2**24):
            for backend, variant in (("my_project", "cpu/scan"), ("my_project", "naive/scan"),
                                     ("my_project", "efficient/scan"), ("thrust", "thrust")):
                records.append(record(backend, variant, n, n * 1e-6,
                                      timing="whole_call" if variant == "cpu/scan" else None))
            records.append(record("my_project", "radix/sort", n, 1.0, operation="sort"))
            records.append(record("thrust", "cub", n, 0.5, operation="sort"))
        made, svgs = plot(self, records, "--course")
        self.assertEqual(made, ["course_scan_exclusive_i32_uniform.png",
                                "course_scan_exclusive_i32_uniform.svg",
                                "course_sort_exclusive_i32_uniform.png",
                                "course_sort_exclusive_i32_uniform.svg"])
        svg = svgs["course_scan_exclusive_i32_uniform.svg"]
        for name in ("my_project/cpu/scan (whole call)", "my_project/naive/scan",
                     "my_project/efficient/scan", "thrust/thrust"):
            self.assertIn(name, svg)
        self.assertIn("time against array size", svg)

    def test_course_and_report_together_are_refused(self):
        with tempfile.TemporaryDirectory() as tmp:
            tmp = pathlib.Path(tmp)
            (tmp / "r.json").write_text(json.dumps(results([record("a", "v", 4, 1.0)])))
            run = subprocess.run([sys.executable, str(SCRIPT), str(tmp / "r.json"), "--course",
                                  "--report", str(tmp / "r.md")], capture_output=True, text=True)
            self.assertEqual(run.returncode, 2)


if __name__ == "__main__":
    unittest.main()
