# after / before of the runner A/B here: python3 ab_ratios.py (in this folder)
import json,sys
def load(f):
    d=json.load(open(f)); out={}
    for r in d['records']:
        if r.get('variant')=='scalar': continue
        k=(r['backend'],r['distribution'],r['errors'])
        out[k]=(r['host_time_s']['median'], r['fraction_of_copy'])
    return out
sides={s:[load(f'{s}_{i}.json') for i in (1,2)] for s in ('before','after')}
keys=sorted(sides['before'][0].keys(), key=lambda k:(k[0],['ascii','latin','cyrillic','arabic','cjk','emoji','mixed'].index(k[1]),k[2]))
print('| backend | mix | errors | before ms | after ms | after / before | % copy before | after |')
print('| --- | --- | --- | --- | --- | --- | --- | --- |')
for k in keys:
    b=[x[k][0]*1e3 for x in sides['before']]; a=[x[k][0]*1e3 for x in sides['after']]
    fb=[x[k][1]*100 for x in sides['before']]; fa=[x[k][1]*100 for x in sides['after']]
    print(f"| {k[0]} | {k[1]} | {k[2]:g} | {b[0]:.2f}, {b[1]:.2f} | {a[0]:.2f}, {a[1]:.2f} | {min(a)/max(b):.2f}-{max(a)/min(b):.2f}x | {fb[0]:.0f}, {fb[1]:.0f} | {fa[0]:.0f}, {fa[1]:.0f} |")
