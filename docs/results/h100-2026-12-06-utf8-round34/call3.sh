#!/usr/bin/env bash
# Call 3, on the same machine, the same form as call 2 (FORM, see form.sh): compute-sanitizer's
# memcheck, racecheck and synccheck over the [utf8] cases beside 1000 repeated runs
# (`gpu_run.sh utf8_gpu_checks`, cuda_efficient). Last, only where the host is the Emerald
# Rapids one (model 207, whose cpu_seq row issue 35 has not measured with step 46): issue 35's
# status on the host (../h200host-2026-12-03-status/status.yaml and its rows).
#   run carry ["bundle", ".device"], command: FORM=R8 bash docs/results/h100-2026-12-06-utf8-round34/call3.sh
set -u
. docs/results/h100-2026-12-06-utf8-round34/form.sh
. scripts/gpu_call_setup.sh checks status
UTF8_GPU_PLUGINS=cuda_efficient OUT=$OUT/checks timed utf8_gpu_checks 170 \
  bash $B/gpu_run.sh utf8_gpu_checks > $OUT/checks/stage.log 2>&1
tail -4 $OUT/checks/stage.log
grep -h -E "ERROR SUMMARY|RACECHECK SUMMARY" $OUT/checks/*.log | sort | uniq -c; keep
S=docs/results/h200host-2026-12-03-status
{ lscpu; nproc; date -u; cat $B/REVISION; } > $OUT/status/host.txt
if grep -qE '^Model: +207$' $OUT/status/host.txt; then
  J=$OUT/status/status_1.json
  timed status_1 60 $B/bin/runner $S/status.yaml --plugin-path $B/lib/parprim \
    --no-progress --no-console --json $J > $OUT/status/status_1.log 2>&1
  timed numpy_1 40 python3 scripts/numpy_reference.py $J --out $J >> $OUT/status/status_1.log 2>&1
  python3 $S/status_rows.py $J | tee $OUT/status/status_rows.txt
else
  echo "host model $(grep -E '^Model:' $OUT/status/host.txt): not the Emerald Rapids one; no status run"
fi
keep
