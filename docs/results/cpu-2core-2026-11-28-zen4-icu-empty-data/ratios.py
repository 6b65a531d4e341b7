# ICU's time on the empty data library over its time on Debian's, state by state and round by
# round, from ab.sh's records: python3 ratios.py [FOLDER] (default: runs/ beside this file).
import glob, json, os, sys

folder = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(os.path.abspath(__file__)), 'runs')

def load(path):
    d = json.load(open(path))
    device = [p['device'] for p in d['context']['plugins'] if p['name'] == 'icu'][0]
    times = {}
    for r in d['records']:
        assert r['status'] == 'ok', (path, r['status'])
        times[(r['operation'], r['distribution'], r['errors'])] = r['time_s']['median'] * 1e3
    return device, times

rounds = sorted(int(os.path.basename(f)[5:-5]) for f in glob.glob(f'{folder}/full-*.json'))
full = [load(f'{folder}/full-{r}.json') for r in rounds]
empty = [load(f'{folder}/empty-{r}.json') for r in rounds]
print(f'full: "{full[0][0]}"; empty: "{empty[0][0]}"\n')
print('| operation | mix | errors | full ms | empty ms | empty / full, round by round |')
print('| --- | --- | --- | --- | --- | --- |')
all_ratios = []
for key in full[0][1]:
    f = [x[1][key] for x in full]
    e = [x[1][key] for x in empty]
    ratios = [b / a for a, b in zip(f, e)]
    all_ratios += ratios
    print(f"| {key[0]} | {key[1]} | {key[2]:g} | {', '.join(f'{x:.1f}' for x in f)} "
          f"| {', '.join(f'{x:.1f}' for x in e)} | {', '.join(f'{x:.3f}' for x in ratios)} |")
all_ratios.sort()
print(f'\n{len(all_ratios)} ratios: median {all_ratios[len(all_ratios) // 2]:.3f}, '
      f'range {all_ratios[0]:.3f}-{all_ratios[-1]:.3f}')
