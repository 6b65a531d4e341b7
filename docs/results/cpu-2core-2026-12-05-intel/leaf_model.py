"""A model of the vector quicksort's leaves (not a measurement): ranges partitioned at the median
of 16 sampled keys down to at most T keys, each sorted by the smallest network of 1, 2, 4, 8, 16
(or 32) vectors that holds it. The networks' per-call costs are leaf_rows.txt's rows of 16-256
keys (one network a row); the partition's cost a key a level is fitted from its rows of 512-8192
keys. Asks whether networks of 32 vectors (T 512, as x86-simd-sort's) would pay at a cost C32
between 2.2 and 2.5 times C16. Run: python3 leaf_model.py (beside leaf_rows.txt)."""
import pathlib
import random
import re

rows = {}  # parprim's rows: keys a row -> median ns a key
for line in (pathlib.Path(__file__).parent / "leaf_rows.txt").read_text().splitlines():
    m = re.match(r"\d+ x (\d+): median ([\d.]+)", line)
    if m:
        rows[int(m.group(1))] = float(m.group(2))
cost = {v: rows[16 * v] * 16 * v for v in (1, 2, 4, 8, 16)}  # ns a network of v vectors


def network(n):
    return next(cost[v] for v in sorted(cost) if n <= 16 * v)


def leaves(n, most):
    """(ns in networks, keys partitioned summed over levels) for a range of n random keys."""
    if n <= most:
        return network(n), 0
    pivot = sorted(random.random() for _ in range(16))[8]
    lows = sum(random.random() < pivot for _ in range(n))
    a, b = leaves(lows, most), leaves(n - lows, most)
    return a[0] + b[0], a[1] + b[1] + n


def per_key(n, most):
    runs = max(4, 40000 // n)
    totals = [leaves(n, most) for _ in range(runs)]
    return (sum(t[0] for t in totals) / runs / n, sum(t[1] for t in totals) / runs / n)


random.seed(2)
for n in (512, 1024, 2048, 4096, 8192):
    net, levels = per_key(n, 256)
    print(f"{n}: networks {net:.3f} ns a key, {levels:.2f} levels -> partition "
          f"{(rows[n] - net) / levels:.3f} ns a key a level")
for ratio in (2.2, 2.35, 2.5):
    cost[32] = ratio * cost[16]
    for n in (8192, 32768):
        (net512, levels512), (net256, levels256) = per_key(n, 512), per_key(n, 256)
        print(f"C32 = {ratio:.2f} C16, n = {n}: leaves of 512 networks {net512:.3f} levels "
              f"{levels512:.2f} | of 256 networks {net256:.3f} levels {levels256:.2f}")
