"""Model (issue 35; not a step): the leaf networks' cost a key in a quicksort of a split's bucket
(vector_quicksort.hpp: pivot the median of 16 samples, ranges of at most 256 keys to a network),
from leaf_network_probe's cost a leaf (this Zen 5, 2026-12-01): what a cheaper network for 4 and
8 vectors would save. python3 leaf_model.py"""
import random

COST = {1: 26, 2: 20, 4: 53, 8: 97, 16: 127}  # ns a leaf, by the network's vectors


def leaf_cost(n, cost):
    vectors = (n + 15) // 16
    return next(cost[k] for k in (1, 2, 4, 8, 16) if vectors <= k)


def model(m, cost, trials=20, limit=256):
    network_ns = partitioned = 0
    for _ in range(trials):
        ranges = [m]
        while ranges:
            n = ranges.pop()
            if n <= limit:
                network_ns += leaf_cost(n, cost) if n > 1 else 0
                continue
            partitioned += n
            pivot = sorted(random.random() for _ in range(16))[8]
            low = sum(random.random() < pivot for _ in range(n)) if n < 4000 else round(n * pivot)
            ranges += [max(low, 1), n - max(low, 1)]
    return network_ns / (trials * m), partitioned / (trials * m)


random.seed(1)
for m in (8192, 32768):
    ns, levels = model(m, COST)
    cheaper = {**COST, 4: 36, 8: 64}
    print(f"bucket of {m} keys: networks {ns:.3f} ns a key, {levels:.2f} partition levels a key; "
          f"with 4- and 8-vector networks at 36 and 64 ns: {model(m, cheaper)[0]:.3f}")
