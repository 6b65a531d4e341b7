#!/usr/bin/env bash
# On the GPU machine's host (nothing on the GPU): step 28's tbb_ab.cpp (built on the Zen 5 VM at
# the revision the README names, libstdc++ static, carried as probe/intel16/ with libtbb.so.12)
# on 16 threads at 2^26 and 2^24, twice, with np.sort beside it.
set -u
mkdir -p $OUT/host
P=docs/results/h200host-2026-11-29-sort-phases
{ lscpu; nproc; date -u; } > $OUT/host/host.txt
export LD_LIBRARY_PATH=$PWD/probe/intel16
{
  date -u
  probe/intel16/tbb_ab u32 26 5 16
  python3 $P/np_sort.py 26 3
  probe/intel16/tbb_ab u32 24 9 16
  python3 $P/np_sort.py 24 5
  probe/intel16/tbb_ab u32 26 5 16
  probe/intel16/tbb_ab u32 24 9 16
  date -u
} > $OUT/host/tbb16.txt 2>&1
cat $OUT/host/tbb16.txt
