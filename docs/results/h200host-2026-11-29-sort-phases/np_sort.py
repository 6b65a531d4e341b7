# np.sort of u32 uniform keys (numpy's default sort: its AVX-512 code where the CPU has it), the
# same sizes as phases_probe, each timed RUNS times on a fresh copy: python3 np_sort.py LOG2 RUNS.
import sys, time
import numpy as np

log2, runs = int(sys.argv[1]), int(sys.argv[2])
n = 1 << log2
keys = np.random.default_rng(35).integers(0, 2**32, n, dtype=np.uint32)
times = []
for _ in range(runs):
    a = keys.copy()
    t0 = time.perf_counter()
    a.sort()
    times.append((time.perf_counter() - t0) * 1e9 / n)
assert np.all(a[1:] >= a[:-1])
print(f"np.sort 2^{log2} (numpy {np.__version__}): " + ' '.join(f'{t:.2f}' for t in times) + ' ns a key')
