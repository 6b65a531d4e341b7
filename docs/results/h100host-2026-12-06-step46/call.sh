#!/usr/bin/env bash
# Step 46 on the GPU machine's Intel host (nothing on the GPU), code 9b467c9 (the bundle's
# REVISION): status.yaml of ../h200host-2026-12-03-status (cpu_seq's radix sort and VQSort on one
# thread, cpu_tbb's radix sort on 16 threads and on 2, u32 uniform keys at 2^24 and 2^26) by
# scripts/gpu_ab.sh, the plugins before step 46 (cpu_seq and cpu_tbb built at af596c2, carried
# in .device/cpu_before) against the bundle's, alternated three times; then numpy's np.sort
# added to every run's records, and issue 35's rows of each run.
#   run carry ["bundle", ".device"], command: bash docs/results/h100host-2026-12-06-step46/call.sh
set -u
. scripts/gpu_call_setup.sh host
S=docs/results/h200host-2026-12-03-status
{ lscpu; nproc; date -u; cat $B/REVISION; } > $OUT/host/host.txt
OUT=$OUT/host/ab timed ab 240 bash $B/gpu_ab.sh $S/status.yaml 3 70 \
  before=.device/cpu_before after=$B/lib/parprim
keep
for j in $OUT/host/ab/ab_*.json; do
  timed "numpy $(basename $j)" 45 python3 scripts/numpy_reference.py $j --out $j \
    >> $OUT/host/numpy.log 2>&1
done
python3 $S/status_rows.py $OUT/host/ab/ab_*.json | tee $OUT/host/status_rows.txt
keep
