#!/usr/bin/env bash
# Call 2, on round 31's code (the bundle's REVISION), on call 1's machine while it was warm (it
# ran as this script's lines joined on one command line, the session's device time nearly
# spent): cuda_efficient's UTF-8 repeatability (1000 runs of each operation and form at
# 2^24 + 7, bitwise the same) beside compute-sanitizer memcheck, racecheck and synccheck over
# the [utf8] cases; then, for issue 35 on this machine's host CPU (nothing on the GPU), one
# status run after steps 44-45: status.yaml of ../h200host-2026-12-03-status (cpu_seq's radix
# sort and VQSort on one thread, cpu_tbb's radix sort on 16 threads and on 2, u32 uniform keys
# at 2^24 and 2^26) with numpy's np.sort beside it.
#   run carry ["bundle"], command: bash docs/results/h100-2026-12-06-utf8-round31/call2.sh
set -u
. scripts/gpu_call_setup.sh checks host
UTF8_GPU_PLUGINS=cuda_efficient OUT=$OUT/checks timed utf8_gpu_checks 150 \
  bash $B/gpu_run.sh utf8_gpu_checks > $OUT/checks/stage.log 2>&1
tail -4 $OUT/checks/stage.log
grep -h -E "ERROR SUMMARY|RACECHECK SUMMARY" $OUT/checks/*.log | sort | uniq -c; keep
S=docs/results/h200host-2026-12-03-status
{ lscpu; nproc; date -u; cat $B/REVISION; } > $OUT/host/host.txt
J=$OUT/host/status_1.json
timed status_1 110 $B/bin/runner $S/status.yaml --plugin-path $B/lib/parprim --no-progress \
  --no-console --json $J > $OUT/host/status_1.log 2>&1
timed numpy_1 45 python3 scripts/numpy_reference.py $J --out $J >> $OUT/host/status_1.log 2>&1
python3 $S/status_rows.py $J | tee -a $OUT/host/status_rows.txt; keep
