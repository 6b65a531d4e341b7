#!/usr/bin/env python3
"""course/find_course_functions.py on a planted project (project/stream_compaction/shapes.h),
preprocessed by hand (line markers as nvcc -E writes them, a system header's lines among them):
what it finds, what it skips and why, what it says of undefined externs, what it generates.
Usage: test_find_course_functions.py SCRIPT WORK_DIR"""
import os
import subprocess
import sys

script, work = sys.argv[1], sys.argv[2]
here = os.path.dirname(os.path.abspath(__file__))
project = os.path.join(here, "project")
header = os.path.join(project, "stream_compaction", "shapes.h")
os.makedirs(work, exist_ok=True)
preprocessed = os.path.join(work, "shapes.ii")
with open(header) as h, open(preprocessed, "w") as out:
    out.write('# 1 "/usr/include/stdio.h" 1 3\nnamespace std { void scan(int n, int* o, const int* i); }\n')
    out.write('# 1 "%s" 1\n' % header)
    out.write("".join(l if not l.startswith("#pragma") else "\n" for l in h))
generated = os.path.join(work, "functions.hpp")
report = subprocess.run(
    [sys.executable, script, preprocessed, "--root", project, "--out", generated, "--units", work,
     "--sources", os.path.join(project, "stream_compaction", "shapes.cu"),
     "--map", "scan efficient/shared StreamCompaction::Efficient::scan(n, odata, idata, true)"],
    check=True, capture_output=True, text=True).stdout
print(report)
failures = []


def expect(text, where=report):
    if text not in where:
        failures.append("missing: " + text)


def absent(text, where=report):
    if text in where:
        failures.append("unexpected: " + text)


expect("found void StreamCompaction::Naive::scan(int n, int* odata, const int* idata) "
       "(project/stream_compaction/shapes.h:11): scan naive/scan")
expect("found void StreamCompaction::Naive::scanShared(int n, int* odata, const int* idata, "
       "bool timed = true) (project/stream_compaction/shapes.h:12): scan naive/scanShared")
expect("found int StreamCompaction::Efficient::compact(int n, int* odata, const int* idata) "
       "(project/stream_compaction/shapes.h:16): compact efficient/compact")
expect("found void Radix::radixSort(int n, int* odata, const int* idata) "
       "(project/stream_compaction/shapes.h:26): sort radix/radixSort")
expect("skipped void StreamCompaction::Naive::scan_device(int n, int* dev_odata, const int* "
       "dev_idata) (project/stream_compaction/shapes.h:13): its pointers are named as device "
       "pointers (dev_odata, dev_idata)")
expect("skipped void StreamCompaction::Efficient::scan(int n, int* odata, const int* idata, bool "
       "useSharedMemory) (project/stream_compaction/shapes.h:17): it takes 4 arguments without "
       "a default (map it with VARIANTS)")
expect("skipped void StreamCompaction::RadixSort::sort(int* out, const int* in, int n) "
       "(project/stream_compaction/shapes.h:23): its first parameter is int* out, where the "
       "course passes n (map it with VARIANTS, for (out, in, n): \"sort radixsort/sort "
       "StreamCompaction::RadixSort::sort(odata, idata, n)\")")
expect("skipped void Radix::scan(int n, int* odata, const int* idata) "
       "(project/stream_compaction/shapes.h:29): a scan outside namespace StreamCompaction")
expect("skipped void sort(int n, int* odata, const int* idata) "
       "(project/stream_compaction/shapes.h:31): declared outside any namespace")
expect("mapped scan efficient/shared: StreamCompaction::Efficient::scan(n, odata, idata, true)")
expect("undefined blockSize (project/stream_compaction/shapes.h:3): `extern int blockSize` is "
       "declared and no source of the project defines it (the course's test program did): "
       "define it with GLOBALS \"int blockSize = 128\"")
# An overload set is one variant when any overload has the course's shape, whichever comes first.
expect("found void StreamCompaction::Efficient::scan(int n, int* odata, const int* idata) "
       "(project/stream_compaction/shapes.h:18): scan efficient/scan")
absent("definedElsewhere")   # shapes.cu defines it
absent("kernScan")           # a kernel runs on the GPU: not a course function
absent("scanAny")            # a template: not callable as the course calls
absent("upsweep")            # course-shaped, but not named for an operation
absent("std::scan")          # a system header's line
absent(";")                  # CMake splits its lines on ';'

with open(generated) as g:
    text = g.read()
# The generated header lists the units: one for shapes.h, one for the VARIANTS mapping.
expect("#define PARPRIM_COURSE_UNITS(X) \\\n  X(parprim_course_unit_0) \\\n"
       "  X(parprim_course_unit_mapped)\n", text)
expect("#define PARPRIM_COURSE_SKIPPED \"skipped ", text)
with open(os.path.join(work, "parprim_course_units.txt")) as listing:
    units = listing.read().split()
expect(os.path.join(work, "parprim_course_unit_0.cu"), " ".join(units))
with open(os.path.join(work, "parprim_course_unit_0.cu.new")) as u:
    unit = u.read()
# shapes.h's unit includes it as shapes.cu does: its includes up to shapes.h, that one by its
# real path, a system header as written, the conditional one left out.
expect('#include <cstdio>\n#include "%s"\n#include "course_unit.hpp"\n' % os.path.realpath(header),
       unit)
absent("windows.h", unit)
absent("after_shapes.h", unit)
expect('X(PARPRIM_OP_SCAN, "naive/scan", StreamCompaction::Naive, scan, ', unit)
expect('X(PARPRIM_OP_SORT, "radix/radixSort", Radix, radixSort, ', unit)
expect("  X(Radix)", unit)  # the namespaces whose timer() is looked up
expect("PARPRIM_COURSE_DEFINE_UNIT(parprim_course_unit_0)", unit)
# A function the header only declares is referenced weakly (a project may define it nowhere),
# its declaration as written less the defaults; one the headers define is called as it is.
expect("namespace StreamCompaction { namespace Naive { __attribute__((weak)) void scanShared("
       "int n, int* odata, const int* idata, bool timed); }}", unit)
expect("  void (*declared)(int n, int* odata, const int* idata) = &StreamCompaction::Naive::scan;",
       unit)
expect('X(PARPRIM_OP_SCAN, "naive/scan", StreamCompaction::Naive, scan, "void '
       'StreamCompaction::Naive::scan(int n, int* odata, const int* idata) '
       '(project/stream_compaction/shapes.h:11)", parprim_course_defined_0())', unit)
expect('X(PARPRIM_OP_COMPACT, "inline/compact", StreamCompaction::Inline, compact, ', unit)
expect("(project/stream_compaction/shapes.h:34)\", true)", unit)
expect("(project/stream_compaction/shapes.h:35)\", true)", unit)
absent("weak)) int compact(int n, int* odata, const int* idata); }}}", unit)
absent("naive/scan_device", unit)
with open(os.path.join(work, "parprim_course_unit_mapped.cu.new")) as u:
    mapped = u.read()
expect('MAPPED(PARPRIM_OP_SCAN, "efficient/shared", StreamCompaction::Efficient, '
       '(StreamCompaction::Efficient::scan(n, odata, idata, true)), ', mapped)
expect('#include "parprim_course_headers.hpp"', mapped)

if failures:
    print("\n".join(failures))
    sys.exit(1)
print("PASS")
