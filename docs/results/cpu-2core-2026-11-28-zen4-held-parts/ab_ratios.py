# after / before, run by run, of an A/B whose records are {round}_{side}.json in the folder given
# (default: this one): python3 ab_ratios.py [FOLDER]
import glob, json, os, sys

folder = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__))

def load(path):
    out = {}
    for r in json.load(open(path))['records']:
        if r.get('status') != 'ok':
            continue
        what = r.get('distribution') if r['operation'].startswith('utf8') else r.get('type')
        key = (r['operation'], what, r.get('errors', 0), r['n'], r['variant'])
        out[key] = (r['time_s']['median'] * 1e3, r.get('fraction_of_copy', 0) * 100)
    return out

rounds = sorted({os.path.basename(f).split('_')[0] for f in glob.glob(f'{folder}/*_before.json')}, key=int)
before = [load(f'{folder}/{r}_before.json') for r in rounds]
after = [load(f'{folder}/{r}_after.json') for r in rounds]
print('| operation | input | errors | variant | n | before ms | after ms | after / before, run by run | % copy after |')
print('| --- | --- | --- | --- | --- | --- | --- | --- | --- |')
for key in before[0]:
    b = [x[key][0] for x in before if key in x]
    a = [x[key][0] for x in after if key in x]
    ratios = ', '.join(f'{y / x:.3f}' for x, y in zip(b, a))
    share = ', '.join(f'{x[key][1]:.0f}' for x in after if key in x)
    print(f"| {key[0]} | {key[1]} | {key[2]} | {key[4]} | 2^{key[3].bit_length() - 1} | {', '.join(f'{x:.2f}' for x in b)} "
          f"| {', '.join(f'{x:.2f}' for x in a)} | {ratios} | {share} |")
