#!/usr/bin/env python3
"""attestation/gpu_attestation.py on a copy of the tree's attested sources: an attestation
written from passing logs passes the check; a changed, added or removed GPU source fails it,
naming the file and the commands that refresh it; a CPU-only change leaves the digest alone;
failing logs write no attestation; a hand-edited attestation and an include the list leaves out
fail it."""
import json
import pathlib
import shutil
import subprocess
import sys
import tempfile
import unittest

ROOT = pathlib.Path(__file__).resolve().parents[2]
TOOL = ROOT / "attestation" / "gpu_attestation.py"
PLUGINS = ["thrust", "cuda_naive", "cuda_efficient", "course_example", "nccl"]


def tool(*args):
    return subprocess.run([sys.executable, str(TOOL), *args], capture_output=True, text=True)


def passing_log(plugin):
    return (f"conformance: testing {plugin} 1.0.0\n"
            f"conformance: variant {plugin}/a: 120 cases passed, 0 failed\n"
            f"conformance: variant {plugin}/b: 80 cases passed, 0 failed\n"
            "===============================================================================\n"
            "All tests passed (5000 assertions in 19 test cases)\n\n"
            "conformance: 1 plugins passed, 0 failed, 0 unavailable here\n")


class GpuAttestation(unittest.TestCase):
    def setUp(self):
        self.tmp = pathlib.Path(tempfile.mkdtemp(prefix="parprim-attestation-"))
        self.tree = self.tmp / "tree"
        sources = json.loads(tool("sources", "--tree", str(ROOT)).stdout)
        for f in list(sources["files"]) + ["attestation/gpu_sources.txt"]:
            (self.tree / f).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy(ROOT / f, self.tree / f)
        self.logs = self.tmp / "logs"
        self.logs.mkdir()
        for p in PLUGINS:
            (self.logs / f"check_{p}.log").write_text(passing_log(p))
        (self.tmp / "device.txt").write_text(
            "date: 2026-11-24T12:00:00Z\ncommand: bash bundle/gpu_run.sh check\n"
            "git revision: abcdef123456\nname, driver_version, memory.total [MiB]\n"
            "NVIDIA H100 80GB HBM3, 580.159.04, 81559 MiB, 1980 MHz, 2619 MHz\n")
        self.attestation = self.tree / "docs/results/gpu-attestation.json"
        self.attestation.parent.mkdir(parents=True)

    def tearDown(self):
        shutil.rmtree(self.tmp)

    def attest(self):
        (self.tmp / "sources.json").write_text(tool("sources", "--tree", str(self.tree)).stdout)
        return tool("write", "--sources", str(self.tmp / "sources.json"), "--device",
                    str(self.tmp / "device.txt"), "--logs", str(self.logs), "--command",
                    "bash bundle/gpu_run.sh check", "--out", str(self.attestation))

    def check(self):
        return tool("check", "--tree", str(self.tree))

    def test_the_attested_tree_passes(self):
        self.assertEqual(self.attest().returncode, 0)
        written = json.loads(self.attestation.read_text())
        self.assertEqual(written["device"], "NVIDIA H100 80GB HBM3")
        self.assertEqual(written["revision"], "abcdef123456")
        self.assertEqual(written["plugins"]["thrust"]["assertions"], 5000)
        self.assertEqual(written["plugins"]["nccl"]["variants"]["nccl/b"]["cases_passed"], 80)
        out = self.check()
        self.assertEqual(out.returncode, 0, out.stdout)
        self.assertIn("passed on NVIDIA H100 80GB HBM3", out.stdout)

    def test_a_changed_added_or_removed_gpu_source_fails_naming_it(self):
        self.assertEqual(self.attest().returncode, 0)
        cub = self.tree / "plugins/thrust/device/cub/cub_plans.cu"
        cub.write_text(cub.read_text() + "// one more line\n")
        (self.tree / "plugins/cuda_efficient/new_kernel.cuh").write_text("#pragma once\n")
        (self.tree / "core/src/validate.cpp").unlink()
        out = self.check()
        self.assertEqual(out.returncode, 1, out.stdout)
        self.assertIn("changed: plugins/thrust/device/cub/cub_plans.cu", out.stdout)
        self.assertIn("added:   plugins/cuda_efficient/new_kernel.cuh", out.stdout)
        self.assertIn("removed: core/src/validate.cpp", out.stdout)
        self.assertIn("revision abcdef123456", out.stdout)
        self.assertIn("Refresh: bash scripts/bundle.sh --compact; on the GPU machine: bash bundle/gpu_run.sh "
                      "check", out.stdout)

    def test_a_cpu_only_change_leaves_the_digest_alone(self):
        before = json.loads(tool("sources", "--tree", str(self.tree)).stdout)["digest"]
        (self.tree / "plugins/cpu_seq").mkdir(parents=True)
        (self.tree / "plugins/cpu_seq/cpu_seq_plugin.cpp").write_text("// a CPU plugin\n")
        (self.tree / "runner/src").mkdir(parents=True)
        (self.tree / "runner/src/main.cpp").write_text("int main() {}\n")
        after = json.loads(tool("sources", "--tree", str(self.tree)).stdout)["digest"]
        self.assertEqual(before, after)

    def test_failing_logs_write_no_attestation(self):
        (self.logs / "check_cuda_naive.log").write_text(
            "conformance: variant cuda_naive/a: 119 cases passed, 1 failed\n"
            "test cases: 19 | 18 passed | 1 failed\n")
        (self.logs / "check_nccl.log").unlink()
        out = self.attest()
        self.assertEqual(out.returncode, 1)
        self.assertIn("cuda_naive: its conformance did not pass", out.stderr)
        self.assertIn("nccl: no log", out.stderr)
        self.assertFalse(self.attestation.exists())
        out = self.check()
        self.assertEqual(out.returncode, 1)
        self.assertIn("never attested", out.stdout)

    def test_cases_not_run_write_no_attestation(self):
        # A variant stopped after crashes or hangs: its line ends ", N not run" and, even where
        # Catch2's summary passed, it is not attested.
        (self.logs / "check_thrust.log").write_text(
            "All tests passed (200 assertions in 2 test cases)\n"
            "conformance: variant thrust/a: 120 cases passed, 0 failed, 80 not run\n"
            "conformance: variant thrust/b: 80 cases passed, 0 failed\n")
        out = self.attest()
        self.assertEqual(out.returncode, 1)
        self.assertIn("thrust: its conformance did not pass", out.stderr)
        self.assertFalse(self.attestation.exists())

    def test_a_hand_edited_attestation_fails(self):
        self.assertEqual(self.attest().returncode, 0)
        edited = json.loads(self.attestation.read_text())
        edited["files"]["plugins/thrust/device/cub/cub_plans.cu"] = "0" * 64
        del edited["plugins"]["course_example"]
        self.attestation.write_text(json.dumps(edited))
        out = self.check()
        self.assertEqual(out.returncode, 1)
        self.assertIn("not the digest of its own file list", out.stdout)
        self.assertIn("no passed conformance of the plugin course_example", out.stdout)

    def test_an_include_the_list_leaves_out_fails(self):
        header = self.tree / "plugins/host_common/include/parprim/host/unlisted.hpp"
        header.parent.mkdir(parents=True, exist_ok=True)
        header.write_text("#pragma once\n")
        kernel = self.tree / "plugins/cuda_naive/device/course/naive_scan.cuh"
        kernel.write_text('#include "parprim/host/unlisted.hpp"\n' + kernel.read_text())
        self.assertEqual(self.attest().returncode, 0)
        out = self.check()
        self.assertEqual(out.returncode, 1)
        self.assertIn("plugins/host_common/include/parprim/host/unlisted.hpp (included by "
                      "plugins/cuda_naive/device/course/naive_scan.cuh)", out.stdout)


if __name__ == "__main__":
    unittest.main()
