#!/usr/bin/env bash
# Call 2 (README.md): the corrected widening floor at 2^28 and 2^24; the decoder's fixed cost at
# 3W and 4W in the runner's hot and batch modes (modes.yaml); tiles of one row a warp against
# two (ab_rows.yaml); Nsight Compute's warp states and
# source page of the decoder at 2^24, Cyrillic and ASCII text (profile_2p24.yaml).
#   carry ["bundle"]: bash docs/results/h100-2026-12-07-utf8-waves/call2.sh
set -u
here=docs/results/h100-2026-12-07-utf8-waves
. scripts/gpu_call_setup.sh widen modes ab profile
cat $B/REVISION
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > $OUT/widen/device.txt
timed "widen 28" 60 $B/widen_floor 28 > $OUT/widen/2p28.md 2>&1; cat $OUT/widen/2p28.md
timed "widen 24" 60 $B/widen_floor 24 > $OUT/widen/2p24.md 2>&1; cat $OUT/widen/2p24.md
keep
for mode in hot batch; do
  timed "modes $mode" 120 $B/bin/runner $here/modes.yaml --mode $mode --no-progress --no-console \
    --json $OUT/modes/$mode.json --markdown $OUT/modes/$mode.md > $OUT/modes/runner_$mode.log 2>&1
  grep -E "^\| [0-9]+ \|" $OUT/modes/$mode.md; keep
done
# The A/B of the tiles' rows: the attested build (rows2, the bundle's own) against rows1 (the same
# code with decode_rows = 1, bundle/rows1), in both orders.
OUT=$OUT/ab/forward bash $B/gpu_ab.sh $here/ab_rows.yaml 1 120 rows2=$B/lib/parprim rows1=$B/rows1
OUT=$OUT/ab/reverse bash $B/gpu_ab.sh $here/ab_rows.yaml 1 120 rows1=$B/rows1 rows2=$B/lib/parprim
keep
ncu=$(command -v ncu || ls /usr/local/cuda/bin/ncu /opt/nvidia/nsight-compute/*/ncu 2> /dev/null | head -1)
[ -n "$ncu" ] || { echo "no ncu"; exit 0; }
for mix in cyrillic ascii; do
  name=decode_${mix}_2p24
  sed -e "s/MIX/$mix/" $here/profile_2p24.yaml > $OUT/profile/$name.yaml
  timed "ncu $name" 120 "$ncu" --clock-control none --kernel-name "regex:lookback_decode_tile" \
    --launch-count 1 --section LaunchStats --section Occupancy --section SpeedOfLight \
    --section SchedulerStats --section WarpStateStats --section SourceCounters \
    -o $OUT/profile/$name $B/bin/runner $OUT/profile/$name.yaml --no-isolation --no-progress \
    > $OUT/profile/ncu_$name.log 2>&1
  "$ncu" --import $OUT/profile/$name.ncu-rep --page source --print-source sass --csv \
    > $OUT/profile/source_$name.csv 2> $OUT/profile/source_$name.err
  "$ncu" --import $OUT/profile/$name.ncu-rep --page details --csv > $OUT/profile/details_$name.csv 2>&1
  grep -E "Duration|Waves Per SM|No Instruction|Stall|Issue Slots Busy|Warp Cycles Per Issued" \
    $OUT/profile/details_$name.csv | head -30
  gzip -f $OUT/profile/source_$name.csv; rm -f $OUT/profile/$name.ncu-rep
  keep
done
