#!/usr/bin/env bash
# The second call: quicksort_parts (built here, static, carried in probe/) for rows of 8192 and
# 32768 keys, and np_sort_parts.py the same way, alternated twice.
set -u
mkdir -p $OUT/host
D=docs/results/h200host-2026-11-29-sort-phases
{ lscpu; nproc; date -u; } > $OUT/host/host2.txt
{
  for i in 1 2; do
    probe/quicksort_parts 8192 3
    probe/quicksort_parts 32768 3
    python3 $D/np_sort_parts.py 8192 2
    python3 $D/np_sort_parts.py 32768 2
  done
  date -u
} > $OUT/host/parts.txt 2>&1
cat $OUT/host/parts.txt
