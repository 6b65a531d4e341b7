# Which stretches of a kernel's SASS executed more instructions in profile B than in profile A:
# Nsight Compute source pages (`ncu --import R --page source --print-source sass --csv`, gzipped)
# of the same binary, lined up by offset.  python3 profile_diff.py A.csv.gz B.csv.gz [WIDTH] [COUNT]
import csv,gzip,sys,io
def load(p):
    rows=list(csv.reader(io.TextIOWrapper(gzip.open(p),encoding='utf-8')))
    hdr=rows[1]; data=rows[2:]
    ia=hdr.index('Address'); isrc=hdr.index('Source'); iex=hdr.index('Instructions Executed'); ist=hdr.index('Warp Stall Sampling (All Samples)')
    out=[]
    base=None
    for r in data:
        if len(r)<=iex: continue
        a=int(r[ia],16); base=base if base is not None else a
        out.append((a-base,r[isrc].strip(),int(r[iex] or 0),int(r[ist] or 0)))
    return out
a=load(sys.argv[1]); b=load(sys.argv[2])
ta=sum(x[2] for x in a); tb=sum(x[2] for x in b)
sa=sum(x[3] for x in a); sb=sum(x[3] for x in b)
print('instr',ta,tb,tb/ta,'stalls',sa,sb,sb/sa)
# regions: window of 32 instrs, diff
d=[(x[0],x[1],y[2]-x[2],y[3]-x[3],x[2],y[2]) for x,y in zip(a,b)]
# group into blocks separated by branch targets? simple: chunks of 24
W=int(sys.argv[3]) if len(sys.argv)>3 else 32
chunks=[]
for i in range(0,len(d),W):
    c=d[i:i+W]; chunks.append((sum(x[2] for x in c),sum(x[3] for x in c),i))
chunks.sort(reverse=True)
for ex,st,i in chunks[:int(sys.argv[4]) if len(sys.argv)>4 else 8]:
    print(f'--- chunk at {i} (offset {d[i][0]:#x}): +instr {ex} ({ex/(tb-ta)*100:.1f}% of the diff), +stall {st}')
    for x in d[i:i+W]:
        if x[2]!=0 or x[3]!=0: print(f'  {x[0]:#06x} {x[1][:60]:60s} {x[4]:>10} {x[5]:>10} {x[2]:>+10} st{x[3]:+}')
