#!/usr/bin/env python3
"""scripts/isolation_agreement.py: the control and isolation ratios it reads from runs of
isolation mode `both`, and its verdict, on made-up results whose answer is known."""
import json
import pathlib
import subprocess
import sys
import tempfile
import unittest

SCRIPT = pathlib.Path(__file__).resolve().parents[2] / "scripts" / "isolation_agreement.py"


def record(backend, median, n=1024, status="ok"):
    return {"backend": backend, "variant": "sequential", "operation": "scan", "n": n,
            "status": status, "time_s": {"median": median} if status == "ok" else None}


def run_file(folder, index, first, second, in_process):
    path = folder / f"both_{index}.json"
    path.write_text(json.dumps({"records": [
        record("cpu_seq", first), record("cpu_seq:second-worker", second),
        record("cpu_seq:in-process", in_process)]}))
    return path


def table(paths):
    done = subprocess.run([sys.executable, str(SCRIPT), *map(str, paths)],
                          capture_output=True, text=True)
    return done.returncode, done.stdout, done.stderr


def rows(stdout):
    lines = [l for l in stdout.splitlines() if l.startswith("| cpu_seq/")]
    return [[cell.strip() for cell in l.strip("|").split("|")] for l in lines]


class IsolationAgreement(unittest.TestCase):
    def setUp(self):
        self.folder = pathlib.Path(tempfile.mkdtemp())

    def test_noise_on_both_sides_of_one_agrees(self):
        # The second worker and the runner drift alike: isolation changes nothing.
        runs = [(1.0, 1.1, 1.0), (1.0, 0.9, 1.0), (1.0, 1.05, 1.1), (1.0, 1.0, 0.92)]
        code, out, err = table([run_file(self.folder, i, *r) for i, r in enumerate(runs)])
        self.assertEqual(code, 0, err)
        (row,) = rows(out)
        self.assertEqual(row[3], "4")
        self.assertEqual(row[4], "1.100 0.900 1.050 1.000")  # control: second / first
        self.assertEqual(row[5], "0.909 1.111 1.048 0.920")  # isolation: in-process / second
        self.assertEqual(row[-1], "yes")

    def test_a_steady_cost_outside_the_noise_is_flagged(self):
        # In process always 30% slower, while two workers agree within 2%.
        runs = [(1.0, 1.01, 1.31), (1.0, 0.99, 1.30), (1.0, 1.02, 1.33), (1.0, 1.0, 1.29)]
        code, out, err = table([run_file(self.folder, i, *r) for i, r in enumerate(runs)])
        self.assertEqual(code, 0, err)
        (row,) = rows(out)
        self.assertTrue(row[7].startswith("1.30"), row)
        self.assertEqual(row[-1], "**no**")

    def test_one_run_has_no_interval(self):
        code, out, err = table([run_file(self.folder, 0, 1.0, 1.0, 1.2)])
        self.assertEqual(code, 0, err)
        (row,) = rows(out)
        self.assertEqual(row[7], "1.200")
        self.assertEqual(row[-1], "n/a (one run)")

    def test_states_not_measured_three_ways_are_left_out(self):
        path = self.folder / "process.json"
        path.write_text(json.dumps({"records": [record("cpu_seq", 1.0),
                                                record("cpu_seq:in-process", 1.0),
                                                record("cpu_seq:second-worker", 0, status="failed")]}))
        code, _, err = table([path])
        self.assertNotEqual(code, 0)
        self.assertIn("isolation mode both", err)


if __name__ == "__main__":
    unittest.main()
