# One configs/utf8.yaml run on Zen 4: cpu_seq simd at 2^26, the issue-33 rows (python3 rows.py utf8_cpython.json)
import json,sys
d=json.load(open(sys.argv[1]))
R={}
for r in d['records']:
  if r['status']!='valid' and r['status']!='ok' and not r.get('time_s'): continue
  R[(r['backend'],r.get('variant'),r['operation'],r['distribution'],r.get('errors'),r['n'],r.get('form', r.get('utf8_form')))]=r
n=2**26
print('| mix | decode % copy | / ICU time | / CPython | err1e-2/0 | encode % copy | enc err/0 | tbb decode % copy |')
for mix in ['ascii','latin','cyrillic','arabic','cjk','emoji','mixed']:
  def g(b,v,op,e,form='replace'):
    for k,r in R.items():
      if k[0]==b and k[1]==v and k[2]==op and k[3]==mix and k[4]==e and k[5]==n and (op=='utf8_encode' or k[6]==form): return r
  s=g('cpu_seq','simd','utf8_decode',0.0); s2=g('cpu_seq','simd','utf8_decode',0.01)
  icu=g('icu','ucnv','utf8_decode',0.0); cp=g('cpython','bytes.decode','utf8_decode',0.0)
  e=g('cpu_seq','simd','utf8_encode',0.0); e2=g('cpu_seq','simd','utf8_encode',0.01)
  t=g('cpu_tbb','chunked','utf8_decode',0.0)
  med=lambda r: r['time_s']['median'] if r and r.get('time_s') else float('nan')
  fc=lambda r: r['fraction_of_copy']*100 if r else float('nan')
  print(f"| {mix} | {fc(s):.0f}% | {med(icu)/med(s):.1f}x | {med(cp)/med(s):.1f}x | {med(s2)/med(s):.2f}x | {fc(e):.0f}% | {med(e2)/med(e):.2f}x | {fc(t):.0f}% |")
print('copy GB/s', s['copy_gb_per_second'] if s else None)
