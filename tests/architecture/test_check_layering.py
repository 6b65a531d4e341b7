#!/usr/bin/env python3
"""check_layering.py on small trees: it passes a tree whose includes go one way and names each
include that crosses a room the wrong way."""
import pathlib
import subprocess
import sys
import tempfile
import unittest

CHECK = pathlib.Path(__file__).resolve().parent / "check_layering.py"

CLEAN = {
    "core/include/parprim/types.hpp": "#pragma once\n",
    "isolation/include/parprim/isolation/pipe.hpp": '#include "parprim/types.hpp"\n',
    "runner/src/support/diagnostics.hpp": "#pragma once\n",
    "runner/src/outputs/printers.hpp": '#include "support/diagnostics.hpp"\n',
    "runner/src/main.cpp": '#include "outputs/printers.hpp"\n#include <parprim/isolation/pipe.hpp>\n',
    "plugins/cuda_common/include/parprim/cuda/check.hpp": '#include "parprim/types.hpp"\n',
    "plugins/fast/warp/warp_scan.cuh": "#pragma once\n",
    "plugins/fast/device/scan/scan.cuh": '#include "warp/warp_scan.cuh"\n#include "parprim/cuda/check.hpp"\n',
    "plugins/fast/device/sort/sort.cuh": '#include "warp/warp_scan.cuh"\n',
    "plugins/fast/fast_plugin.cu": '#include "device/scan/scan.cuh"\n#include "device/sort/sort.cuh"\n',
}


class CheckLayering(unittest.TestCase):
    def run_on(self, files):
        with tempfile.TemporaryDirectory() as d:
            for name, text in files.items():
                path = pathlib.Path(d) / name
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_text(text)
            return subprocess.run([sys.executable, str(CHECK), d], capture_output=True, text=True)

    def test_a_tree_whose_includes_go_one_way_passes(self):
        out = self.run_on(CLEAN)
        self.assertEqual(out.returncode, 0, out.stdout)
        self.assertIn("10 includes read", out.stdout)

    def test_a_lower_runner_room_including_a_higher_one_fails(self):
        out = self.run_on({**CLEAN, "runner/src/support/spelling.hpp": '#include "outputs/printers.hpp"\n'})
        self.assertEqual(out.returncode, 1)
        self.assertIn("runner/src/support/spelling.hpp:1: includes runner/src/outputs/printers.hpp: "
                      "support may not see outputs/", out.stdout)

    def test_core_including_the_isolation_layer_fails(self):
        out = self.run_on({**CLEAN, "core/include/parprim/plugin.hpp":
                           '#pragma once\n#include "parprim/isolation/pipe.hpp"\n'})
        self.assertEqual(out.returncode, 1)
        self.assertIn("core/include/parprim/plugin.hpp:2: includes isolation/include/parprim/isolation/"
                      "pipe.hpp: core may not see isolation", out.stdout)

    def test_a_warp_piece_including_a_device_algorithm_fails(self):
        out = self.run_on({**CLEAN, "plugins/fast/warp/warp_reduce.cuh": '#include "device/scan/scan.cuh"\n'})
        self.assertEqual(out.returncode, 1)
        self.assertIn("warp may not see device/", out.stdout)

    def test_one_device_family_including_another_fails(self):
        out = self.run_on({**CLEAN, "plugins/fast/device/sort/sort.cuh": '#include "device/scan/scan.cuh"\n'})
        self.assertEqual(out.returncode, 1)
        self.assertIn("device/sort/ may not see another family, device/scan/", out.stdout)

    def test_a_folder_that_is_no_room_is_named(self):
        out = self.run_on({**CLEAN, "plugins/fast/misc/helper.cuh": "#pragma once\n",
                           "plugins/fast/fast_plugin.cu": '#include "misc/helper.cuh"\n'})
        self.assertEqual(out.returncode, 1)
        self.assertIn("'misc/' is not a room", out.stdout)

    def test_the_runner_including_a_plugin_fails(self):
        out = self.run_on({**CLEAN, "runner/src/outputs/tables.cpp":
                           '#include "../../../plugins/fast/warp/warp_scan.cuh"\n'})
        self.assertEqual(out.returncode, 1)
        self.assertIn("runner may not see plugin:fast", out.stdout)


if __name__ == "__main__":
    unittest.main()
