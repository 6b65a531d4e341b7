#!/usr/bin/env bash
# Call 2 (README.md), on the bundle of round 38's code (the decoder's tiles by size) with the
# attested cuda_efficient beside it (bundle/attested):
#   1. the A/B, attested against by size (ab_rows.yaml), one order;
#   2. gpu_run.sh check of the bundle: every CUDA plugin's conformance, cuda_efficient's [utf8]
#      cases at tile_rows=2, and the attestation of this code (kept only if the A/B keeps it);
#   3. the A/B in the other order; the corrected widening floor at 2^28 and 2^24;
#   4. the tree's decoder at tile_rows 1 and 2 in one run (rows_sweep.yaml);
#   5. the attested decoder's fixed cost at 3W and 4W in the runner's hot mode;
#   6. Nsight Compute's warp states of the attested decoder at 2^24 (Cyrillic), if time is left.
#   carry ["bundle"]: bash docs/results/h100-2026-12-07-utf8-waves/call2.sh
# As run (2026-12-07 19:36 UTC, 200 s of device time left): step 1 alone, typed as one command
# (README.md); the rest did not run.
set -u
start=$(date +%s)
here=docs/results/h100-2026-12-07-utf8-waves
. scripts/gpu_call_setup.sh widen modes ab sweep check profile
cat $B/REVISION
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > $OUT/widen/device.txt
OUT=$OUT/ab/forward bash $B/gpu_ab.sh $here/ab_rows.yaml 1 90 attested=$B/attested bysize=$B/lib/parprim
grep -E "^\|" $OUT/ab/forward/compare_1_2.md | cut -c1-160 | head -30; keep
OUT=$OUT/check timed check 200 bash $B/gpu_run.sh check > $OUT/check/stage.log 2>&1
grep -E "passed|failed|attestation|digest|tile_rows" $OUT/check/stage.log | tail -10; keep
OUT=$OUT/ab/reverse bash $B/gpu_ab.sh $here/ab_rows.yaml 1 90 bysize=$B/lib/parprim attested=$B/attested
grep -E "^\|" $OUT/ab/reverse/compare_1_2.md | cut -c1-160 | head -30; keep
timed "widen 28" 60 $B/widen_floor 28 > $OUT/widen/2p28.md 2>&1; cat $OUT/widen/2p28.md
timed "widen 24" 60 $B/widen_floor 24 > $OUT/widen/2p24.md 2>&1; cat $OUT/widen/2p24.md
keep
timed sweep 90 $B/bin/runner $here/rows_sweep.yaml --no-progress --no-console \
  --json $OUT/sweep/sweep.json --markdown $OUT/sweep/sweep.md > $OUT/sweep/runner.log 2>&1
tail -1 $OUT/sweep/runner.log; keep
for mode in hot; do
  timed "modes $mode" 90 $B/bin/runner $here/modes.yaml --mode $mode --plugin-path $B/attested \
    --no-progress --no-console --json $OUT/modes/$mode.json --markdown $OUT/modes/$mode.md \
    > $OUT/modes/runner_$mode.log 2>&1
  grep -E "^\| [0-9]+ \|" $OUT/modes/$mode.md; keep
done
left=$((420 - ($(date +%s) - start)))
ncu=$(command -v ncu || ls /usr/local/cuda/bin/ncu /opt/nvidia/nsight-compute/*/ncu 2> /dev/null | head -1)
[ -n "$ncu" ] && [ $left -gt 60 ] || { echo "no ncu, or $left s left: no profile"; exit 0; }
name=decode_cyrillic_2p24
sed -e "s/MIX/cyrillic/" $here/profile_2p24.yaml > $OUT/profile/$name.yaml
timed "ncu $name" $((left - 10)) "$ncu" --clock-control none --kernel-name "regex:lookback_decode_tile" \
  --launch-count 1 --section LaunchStats --section Occupancy --section SpeedOfLight \
  --section SchedulerStats --section WarpStateStats \
  -o $OUT/profile/$name $B/bin/runner $OUT/profile/$name.yaml --plugin-path $B/attested \
  --no-isolation --no-progress > $OUT/profile/ncu_$name.log 2>&1
"$ncu" --import $OUT/profile/$name.ncu-rep --page details --csv > $OUT/profile/details_$name.csv 2>&1
rm -f $OUT/profile/$name.ncu-rep; keep
