# The A/B tables of this folder: python3 enc_table.py NAME=RUN.json NAME=RUN.json (base first);
# median times, % of the same run's copy, the last side over the first, CUB's times.
import json, sys
# Rows: mix, errors -> (median ms, fraction of copy) for each run file given as NAME=PATH.
runs = [(a.split('=')[0], json.load(open(a.split('=')[1]))) for a in sys.argv[1:]]
def key(r): return (r['distribution'], r['errors'])
rows = {}
for name, d in runs:
    for r in d['records']:
        if r['status'] != 'ok': continue
        rows.setdefault(key(r), {})[(name, r['variant'])] = (r['time_s']['median'] * 1e3, r['fraction_of_copy'], r.get('first_mismatch'))
names = [n for n, _ in runs]
print('| mix | errors | ' + ' | '.join(f'{n}, ms (% copy)' for n in names) + ' | ' + f'{names[-1]} / {names[0]} | cub, ms | {names[-1]} / cub |')
print('|' + ' --- |' * (len(names) + 5))
for k in sorted(rows):
    v = rows[k]
    cells = []
    for n in names:
        t = v.get((n, 'lookback'))
        cells.append(f'{t[0]:.3f} ({t[1]*100:.0f}%)' if t else '-')
    a, b = v.get((names[0], 'lookback')), v.get((names[-1], 'lookback'))
    cubs = [v[(n, 'cub')][0] for n in names if (n, 'cub') in v]
    ratio = f'{b[0]/a[0]:.2f}' if a and b else '-'
    cub = ', '.join(f'{c:.3f}' for c in cubs) or '-'
    vs = f'{b[0]/min(cubs):.2f}' if b and cubs else '-'
    print(f'| {k[0]} | {k[1]:g} | ' + ' | '.join(cells) + f' | {ratio} | {cub} | {vs} |')
