"""np.sort of 2^18 uniform u32 keys as rows of COLS keys (sorted along the last axis), the
shapes vq_rows.cpp sorts. Run with the numpy of scripts/numpy_reference.py:
.venv-numpy/bin/python docs/results/cpu-2core-2026-12-05-intel/np_rows2.py"""
import numpy as np, time
rng=np.random.default_rng(1)
for cols in [130,200,256,512,1024,2048,4096,8192]:
    rows = max(1, (1<<18)//cols)
    a=rng.integers(0,2**32,size=(rows,cols),dtype=np.uint32)
    ts=[]
    for r in range(9):
        b=a.copy(); t=time.perf_counter(); b.sort(axis=1); ts.append(time.perf_counter()-t)
    ts.sort(); print("np", rows,cols, "median %.3f min %.3f ns/key"%(ts[4]/a.size*1e9, ts[0]/a.size*1e9))
