# The summary table of the final call's 2^28 records (README.md): python3 table.py RECORDS.json
import json,sys
recs=json.load(open(sys.argv[1]))['records']
R={}
for r in recs: R[(r['form'] if 'form' in r else r['utf8_form'],r['distribution'],r['errors'],r['variant'])]=r
forms=set(k[0] for k in R); 
mixes=['ascii','latin','cyrillic','arabic','cjk','emoji','mixed']
t=lambda f,m,e,v: R[(f,m,e,v)]['time_s']['median']*1e3
pc=lambda f,m,e,v,key: R[(f,m,e,v)][key]*100
print('ok', sum(1 for r in recs if r['status']=='ok'), 'of', len(recs))
rows=[]
rows.append(('decode, ms',[f"{t('replace',m,0.0,'lookback'):.3f}" for m in mixes]))
rows.append(('decode, % of copy',[f"{pc('replace',m,0.0,'lookback','fraction_of_copy'):.0f}%" for m in mixes]))
rows.append(('decode, 1% errors, % of copy',[f"{pc('replace',m,0.01,'lookback','fraction_of_copy'):.0f}%" for m in mixes]))
rows.append(('decode / cub',[f"{t('replace',m,0.0,'lookback')/t('replace',m,0.0,'cub'):.2f}x" for m in mixes]))
rows.append(('decode / cub, 1% errors',[f"{t('replace',m,0.01,'lookback')/t('replace',m,0.01,'cub'):.2f}x" for m in mixes]))
rows.append(('decode, errors / none',[f"{t('replace',m,0.01,'lookback')/t('replace',m,0.0,'lookback'):.2f}x" for m in mixes]))
rows.append(('validate, ms',[f"{t('validate',m,0.0,'lookback'):.3f}" for m in mixes]))
rows.append(('validate, % of read',[f"{pc('validate',m,0.0,'lookback','fraction_of_read'):.0f}%" for m in mixes]))
rows.append(('validate, 1% errors, % of read',[f"{pc('validate',m,0.01,'lookback','fraction_of_read'):.0f}%" for m in mixes]))
rows.append(('validate / cub',[f"{t('validate',m,0.0,'lookback')/t('validate',m,0.0,'cub'):.2f}x" for m in mixes]))
rows.append(('validate / cub, 1% errors',[f"{t('validate',m,0.01,'lookback')/t('validate',m,0.01,'cub'):.2f}x" for m in mixes]))
rows.append(('validate, errors / none',[f"{t('validate',m,0.01,'lookback')/t('validate',m,0.0,'lookback'):.2f}x" for m in mixes]))
print('| | '+' | '.join(mixes)+' |'); print('| --- |'+' --- |'*len(mixes))
for name,c in rows: print(f'| {name} | '+' | '.join(c)+' |')
