"""Step 27's A/B: each state's median time after / before, round by round (the rounds alternate
before and after), and the median of the rounds' ratios. python3 ratios.py [FOLDER]"""
import json
import pathlib
import statistics
import sys

folder = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else pathlib.Path(__file__).parent)


def medians(path):
    records = json.loads(path.read_text())["records"]
    return {(r["type"], r["n"]): r["time_s"]["median"] * 1e3 for r in records if r.get("status") == "ok"}


rounds = sorted(int(p.stem.split("_")[1]) for p in folder.glob("before_*.json"))
pairs = [(medians(folder / f"before_{r}.json"), medians(folder / f"after_{r}.json")) for r in rounds]
for state in sorted(pairs[0][0]):
    ratios = [after[state] / before[state] for before, after in pairs]
    cells = ", ".join(f"{before[state]:.1f} -> {after[state]:.1f} ({q:.3f}x)"
                      for (before, after), q in zip(pairs, ratios))
    print(f"{state[0]} 2^{state[1].bit_length() - 1}: {cells}; median {statistics.median(ratios):.3f}x")
