# Issue 33's rows from the host's records with ICU and CPython beside
# (python3 rows.py host/utf8_host_cpython.json): cpu_seq simd at 2^26 (one thread, against its
# one-thread copy, against ICU's and CPython's time), cpu_tbb chunked at 2^26 and 2^28
# (16 threads, against their copy).
import json, sys

records = {}
for r in json.load(open(sys.argv[1]))['records']:
    if r['status'] != 'ok':
        continue
    form = 'encode' if r['operation'] == 'utf8_encode' else r.get('utf8_form', 'replace')
    records[(r['backend'], r['operation'], r['distribution'], r['errors'], r['n'], form)] = r

def find(backend, op, mix, errors, n, form='replace'):
    return records.get((backend, op, mix, errors, n, 'encode' if op == 'utf8_encode' else form))

median = lambda r: r['time_s']['median'] if r else float('nan')
of_copy = lambda r: r['fraction_of_copy'] * 100 if r else float('nan')
n = 2**26
print('| mix | cpu_seq decode, % copy | ICU / cpu_seq time | CPython / cpu_seq | errors 1e-2 / 0 '
      '| validate, % copy | encode, % copy | ICU encode / cpu_seq | encode errors / 0 '
      '| cpu_tbb decode 2^26, % copy | cpu_tbb decode 2^28, % copy |')
print('| --- ' * 11 + '|')
for mix in ['ascii', 'latin', 'cyrillic', 'arabic', 'cjk', 'emoji', 'mixed']:
    seq = find('cpu_seq', 'utf8_decode', mix, 0.0, n)
    seq_errors = find('cpu_seq', 'utf8_decode', mix, 0.01, n)
    icu = find('icu', 'utf8_decode', mix, 0.0, n)
    cpython = find('cpython', 'utf8_decode', mix, 0.0, n)
    validate = find('cpu_seq', 'utf8_decode', mix, 0.0, n, 'validate')
    enc, enc_errors = find('cpu_seq', 'utf8_encode', mix, 0.0, n), find('cpu_seq', 'utf8_encode', mix, 0.01, n)
    icu_enc = find('icu', 'utf8_encode', mix, 0.0, n)
    tbb, tbb28 = find('cpu_tbb', 'utf8_decode', mix, 0.0, n), find('cpu_tbb', 'utf8_decode', mix, 0.0, 2**28)
    print(f'| {mix} | {of_copy(seq):.0f}% | {median(icu) / median(seq):.1f}x | '
          f'{median(cpython) / median(seq):.1f}x | {median(seq_errors) / median(seq):.2f}x | '
          f'{of_copy(validate):.0f}% | {of_copy(enc):.0f}% | {median(icu_enc) / median(enc):.1f}x | '
          f'{median(enc_errors) / median(enc):.2f}x | {of_copy(tbb):.0f}% | {of_copy(tbb28):.0f}% |')
