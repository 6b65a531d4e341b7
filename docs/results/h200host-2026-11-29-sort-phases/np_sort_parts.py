# np.sort taken apart as quicksort_parts.cpp takes ours: 2^24 u32 uniform keys (seed 35) sorted as
# rows of M keys (numpy's sort called once a row), and one array of 256 keys sorted again and
# again (numpy's network range). python3 np_sort_parts.py M ROUNDS.
import sys, time
import numpy as np

m, rounds = int(sys.argv[1]), int(sys.argv[2])
n = 1 << 24
keys = np.random.default_rng(35).integers(0, 2**32, n, dtype=np.uint32)
small = keys[:256].copy()
for r in range(rounds):
    a = keys.reshape(-1, m).copy()
    t0 = time.perf_counter()
    a.sort(axis=1)
    rows = (time.perf_counter() - t0) * 1e9 / n
    assert np.all(a[:, 1:] >= a[:, :-1])
    t0 = time.perf_counter()
    for _ in range(20000):
        b = small.copy()
        b.sort()
    tiny = (time.perf_counter() - t0) * 1e9 / (20000 * 256)
    print(f"np.sort (numpy {np.__version__}) M {m} round {r}: rows {rows:.3f} ns a key; "
          f"256 keys, copy and call included {tiny:.3f}")
