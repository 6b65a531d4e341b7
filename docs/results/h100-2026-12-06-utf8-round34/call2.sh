#!/usr/bin/env bash
# Call 2, on the same machine as call 1, the same bundle (form R8): `gpu_run.sh check` (every
# CUDA plugin's conformance and, when all pass, the GPU attestation of the bundle's sources),
# then compute-sanitizer's memcheck, racecheck and synccheck over the [utf8] cases and 1000
# repeated runs (`gpu_run.sh utf8_gpu_checks`, cuda_efficient). Last, only where the host is the
# Emerald Rapids one (model 207, whose cpu_seq row issue 35 has not measured with step 46):
# issue 35's status on the host, as ../h100host-2026-12-06-step46/call3.sh, three runs.
#   run carry ["bundle", ".device"], command: bash docs/results/h100-2026-12-06-utf8-round34/call2.sh
set -u
. scripts/gpu_call_setup.sh check checks status
OUT=$OUT/check timed check 220 bash $B/gpu_run.sh check > $OUT/check/stage.log 2>&1
grep -E "passed|failed|attestation|digest" $OUT/check/stage.log | tail -8; keep
UTF8_GPU_PLUGINS=cuda_efficient OUT=$OUT/checks timed utf8_gpu_checks 170 \
  bash $B/gpu_run.sh utf8_gpu_checks > $OUT/checks/stage.log 2>&1
tail -4 $OUT/checks/stage.log
grep -h -E "ERROR SUMMARY|RACECHECK SUMMARY" $OUT/checks/*.log | sort | uniq -c; keep
{ lscpu; nproc; date -u; cat $B/REVISION; } > $OUT/status/host.txt
if grep -qE '^Model: +207$' $OUT/status/host.txt; then
  printf 'backends: [cpu_seq, cpu_tbb]\nseed: 20261203\nmeasurement:\n  warmup: 1\n  min_samples: 5\n  max_samples: 9\n  min_time: 0.5\n  max_time: 3\n  end_to_end: false\nbenchmarks:\n  - operation: sort\n    types: [u32]\n    sizes: [2^24, 2^26]\n    distributions: [uniform]\n    variants: [radix, vqsort]\n    params: {threads: [16, 2]}\n' > $OUT/status/status.yaml
  for i in 1 2 3; do
    J=$OUT/status/status_$i.json
    timed status_$i 60 $B/bin/runner $OUT/status/status.yaml --plugin-path $B/lib/parprim \
      --no-progress --no-console --json $J > $OUT/status/status_$i.log 2>&1
    timed numpy_$i 40 python3 scripts/numpy_reference.py $J --out $J >> $OUT/status/status_$i.log 2>&1
  done
else
  echo "host model $(grep -E '^Model:' $OUT/status/host.txt): not the Emerald Rapids one; no status run"
fi
keep
