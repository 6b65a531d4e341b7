#!/usr/bin/env python3
"""The placement call's table: median times of cpu_seq and of cpu_tbb on 2 threads for each
placement and round (FOLDER/rN_PLACEMENT.json), the 2-thread speedup over cpu_seq in the same
run, and cpu_tbb against np.sort where FOLDER/r1_all_with_numpy.json holds it.
    python3 placement_table.py FOLDER"""
import json
import pathlib
import sys


def medians(path):
    """{(backend, threads): median seconds} of one run's records that ran."""
    records = json.loads(path.read_text())["records"]
    return {(r["backend"], r["params"].get("threads")): r["time_s"]["median"]
            for r in records if r.get("status") == "ok" and r.get("time_s")}


def main(folder):
    folder = pathlib.Path(folder)
    numpy_file = folder / "r1_all_with_numpy.json"
    numpy_time = None
    if numpy_file.exists():
        numpy_time = next((r["time_s"]["median"] for r in json.loads(numpy_file.read_text())["records"]
                           if r.get("variant") == "np.sort" and r.get("status") == "ok"), None)
    print("| round | vCPUs | cpu_seq (ms) | cpu_tbb, 2 threads (ms) | seq / tbb | tbb / np.sort |")
    print("| --- | --- | ---: | ---: | ---: | ---: |")
    for path in sorted(folder.glob("r[0-9]_*.json")):
        if path.name.endswith("_with_numpy.json"):
            continue
        round_name, placement = path.stem.split("_", 1)
        m = medians(path)
        seq, tbb = m.get(("cpu_seq", None)), m.get(("cpu_tbb", 2))
        cell = lambda t: f"{t * 1e3:.1f}" if t else "-"
        speedup = f"{seq / tbb:.2f}x" if seq and tbb else "-"
        vs_numpy = f"{tbb / numpy_time:.3f}x" if tbb and numpy_time else "-"
        print(f"| {round_name[1:]} | {placement.replace('_', ',')} | {cell(seq)} | {cell(tbb)} | "
              f"{speedup} | {vs_numpy} |")
    if numpy_time:
        print(f"\nnp.sort (round 1, unpinned): {numpy_time * 1e3:.1f} ms")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    main(sys.argv[1])
