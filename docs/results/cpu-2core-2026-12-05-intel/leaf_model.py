"""A model of the vector quicksort's leaves (not a measurement): ranges partitioned at the median of 16
sampled keys down to at most T keys, each sorted by the smallest network of 1, 2, 4, 8, 16 (or
32) vectors that holds it, at the per-call costs C (ns) read off leaf_rows.txt's rows of 16-256
keys (an earlier, slower minute: C16 337 ns); the partition cost a key a level is fitted from its
rows of 512-8192 keys. Asks whether networks of 32 vectors (T 512, as x86-simd-sort's) would pay
at some cost C32 between 2.2 and 2.5 times C16. python3 leaf_model.py"""
import random
C={1:13,2:28,4:68,8:159,16:337}
def net(n,T):
    for N in (1,2,4,8,16,32):
        if n<=16*N: return C[N]
def sim(n,T):
    if n<=T: return net(n,T),0
    s=sorted(random.random() for _ in range(16)); p=s[8]
    lows=sum(1 for _ in range(n) if random.random()<p)
    a=sim(lows,T); b=sim(n-lows,T)
    return a[0]+b[0], a[1]+b[1]+n
random.seed(2)
meas={512:1.9,1024:2.1,2048:2.28,4096:2.6,8192:3.0}
for n in meas:
    R=max(4,40000//n); t=[sim(n,256) for _ in range(R)]
    c=sum(x[0] for x in t)/R/n; l=sum(x[1] for x in t)/R/n
    print(n,"net %.3f levels %.2f -> partition ns/key-level %.3f"%(c,l,(meas[n]-c)/l))
for r in (2.2,2.35,2.5):
  C[32]=r*C[16]
  for n in (8192,32768):
    R=max(4,40000//n); t=[sim(n,512) for _ in range(R)]
    c=sum(x[0] for x in t)/R/n; l=sum(x[1] for x in t)/R/n
    t2=[sim(n,256) for _ in range(R)]
    c2=sum(x[0] for x in t2)/R/n; l2=sum(x[1] for x in t2)/R/n
    print("C32=%.2fxC16 n=%d: T512 net %.3f levels %.2f | T256 net %.3f levels %.2f"%(r,n,c,l,c2,l2))
