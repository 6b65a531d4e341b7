#!/usr/bin/env bash
# Call 3 (2026-12-06 19:27-19:28 UTC, on call 2's machine while it was warm; it ran as these
# lines joined on one command line, the staged tree not holding ../h200host-2026-12-03-status):
# issue 35's status on the host with step 46 (the bundle e000f9a): status.yaml, the same as
# ../h200host-2026-12-03-status/status.yaml (cpu_seq's radix sort and VQSort on one thread,
# cpu_tbb's radix sort on 16 threads and on 2, u32 uniform keys at 2^24 and 2^26), three runs,
# np.sort added to each. The rows: `python3 ../h200host-2026-12-03-status/status_rows.py
# call3/status/status_*.json`.
#   run carry ["bundle", ".device"], command: bash docs/results/h100host-2026-12-06-step46/call3.sh
set -u
. scripts/gpu_call_setup.sh status
printf 'backends: [cpu_seq, cpu_tbb]\nseed: 20261203\nmeasurement:\n  warmup: 1\n  min_samples: 5\n  max_samples: 9\n  min_time: 0.5\n  max_time: 3\n  end_to_end: false\nbenchmarks:\n  - operation: sort\n    types: [u32]\n    sizes: [2^24, 2^26]\n    distributions: [uniform]\n    variants: [radix, vqsort]\n    params: {threads: [16, 2]}\n' > $OUT/status/status.yaml
{ lscpu; nproc; date -u; cat $B/REVISION; } > $OUT/status/host.txt
for i in 1 2 3; do
  J=$OUT/status/status_$i.json
  timed status_$i 60 $B/bin/runner $OUT/status/status.yaml --plugin-path $B/lib/parprim \
    --no-progress --no-console --json $J > $OUT/status/status_$i.log 2>&1
  timed numpy_$i 40 python3 scripts/numpy_reference.py $J --out $J >> $OUT/status/status_$i.log 2>&1
done
keep
