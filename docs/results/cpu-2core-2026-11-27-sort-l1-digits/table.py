#!/usr/bin/env python3
"""The sort A/B tables of issue 35's step 10: the median time (ms) of every (backend/variant, n)
in each runner results file ab_*.json of a folder, one column a file, in the files' order.
    python3 table.py FOLDER"""
import json,sys,glob,os
rows={}
files=sorted(glob.glob(sys.argv[1]+'/ab_*.json'))
for f in files:
    d=json.load(open(f))
    name=os.path.basename(f)[:-5]
    for r in d['records']:
        if r.get('status','valid')!='valid' and r.get('time_s') is None: continue
        t=r.get('time_s') or r.get('host_time_s')
        if not t: continue
        key=(r['backend']+'/'+(r.get('variant') or ''), r['n'])
        rows.setdefault(key,{})[name]=t['median']*1e3
names=[os.path.basename(f)[:-5] for f in files]
print('| variant | n | '+' | '.join(names)+' |')
print('|'+'---|'*(len(names)+2))
for k in sorted(rows):
    print(f'| {k[0]} | 2^{k[1].bit_length()-1} | '+' | '.join(f"{rows[k][n]:.1f}" if n in rows[k] else '' for n in names)+' |')
