# Issue 33's rows from the host's records with CPython beside (python3 rows.py host/utf8_host_cpython.json):
# cpu_seq simd at 2^26 (one thread, against its one-thread copy), cpu_tbb chunked at 2^26 and
# 2^28 (16 threads, against their copy).
import json, sys
d = json.load(open(sys.argv[1]))
R = {}
for r in d['records']:
    if not r.get('time_s'):
        continue
    R[(r['backend'], r.get('variant'), r['operation'], r['distribution'], r.get('errors'), r['n'],
       r.get('form', r.get('utf8_form', 'replace')))] = r
def g(b, v, op, mix, e, n, form='replace'):
    for k, r in R.items():
        if k[:6] == (b, v, op, mix, e, n) and (op == 'utf8_encode' or k[6] == form):
            return r
med = lambda r: r['time_s']['median'] if r else float('nan')
fc = lambda r: r['fraction_of_copy'] * 100 if r else float('nan')
print('| mix | cpu_seq decode, % copy | / CPython\'s time | errors 1e-2 / 0 | validate, % copy | encode, % copy | encode errors / 0 | cpu_tbb decode 2^26 | cpu_tbb decode 2^28 |')
print('| --- | --- | --- | --- | --- | --- | --- | --- | --- |')
n = 2**26
for mix in ['ascii', 'latin', 'cyrillic', 'arabic', 'cjk', 'emoji', 'mixed']:
    s, s2 = g('cpu_seq', 'simd', 'utf8_decode', mix, 0.0, n), g('cpu_seq', 'simd', 'utf8_decode', mix, 0.01, n)
    cp = g('cpython', 'bytes.decode', 'utf8_decode', mix, 0.0, n)
    v = g('cpu_seq', 'simd', 'utf8_decode', mix, 0.0, n, 'validate')
    e, e2 = g('cpu_seq', 'simd', 'utf8_encode', mix, 0.0, n), g('cpu_seq', 'simd', 'utf8_encode', mix, 0.01, n)
    t, t28 = g('cpu_tbb', 'chunked', 'utf8_decode', mix, 0.0, n), g('cpu_tbb', 'chunked', 'utf8_decode', mix, 0.0, 2**28)
    print(f"| {mix} | {fc(s):.0f}% | {med(cp) / med(s):.1f}x | {med(s2) / med(s):.2f}x | {fc(v):.0f}% | "
          f"{fc(e):.0f}% | {med(e2) / med(e):.2f}x | {fc(t):.0f}% | {fc(t28):.0f}% |")
