import json,sys,glob
def load(p):
    d=json.load(open(p)); out={}
    for r in d['records']:
        if r.get('status')!='ok': continue
        out[r['distribution']]=(r['time_s']['median']*1e3, r.get('fraction_of_copy',0)*100)
    return out
files=sys.argv[1:]
runs=[load(f) for f in files]
print('| mix | '+' | '.join(f.split('/')[-1].replace('.json','') for f in files)+' | ratios (ends / before, pairwise) |')
print('|'+' --- |'*(len(files)+2))
for mix in runs[0]:
    cells=[f"{r[mix][0]:.2f} ms ({r[mix][1]:.0f}%)" for r in runs]
    ratios=[f"{runs[i+1][mix][0]/runs[i][mix][0]:.3f}" for i in range(0,len(runs)-1,2)]
    print(f"| {mix} | "+' | '.join(cells)+' | '+', '.join(ratios)+' |')
