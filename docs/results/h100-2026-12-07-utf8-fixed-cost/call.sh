#!/usr/bin/env bash
# One device call (README.md): what the decoder's fixed cost a launch is (issue 34), and issue
# 35's rows on the GPU machine's host after step 48. The bundle is the tree's (GPU sources the
# attested ones, digest 109d856447bf4bc9), so it needs no gate. In order of what the call is for:
#   1. the decoder at 3W and 4W, ASCII and Cyrillic text, cold then hot then cold then hot
#      (../h100-2026-12-07-utf8-waves/modes.yaml): does the fixed cost survive warm caches?
#   2. the widening floor at 2^28 and 2^24, its coalesced form included;
#   3. the status config of ../h200host-2026-12-03-status six times, each with numpy after it;
#   4. Nsight Compute of the decoder at 2^24 (Cyrillic, ASCII) and 2^26 (Cyrillic): warp states
#      and how long each SM was active against the kernel's elapsed cycles.
#   carry ["bundle"]: bash docs/results/h100-2026-12-07-utf8-fixed-cost/call.sh
set -u
start=$(date +%s)
here=docs/results/h100-2026-12-07-utf8-fixed-cost
waves=docs/results/h100-2026-12-07-utf8-waves
S=docs/results/h200host-2026-12-03-status
. scripts/gpu_call_setup.sh modes widen status profile
cat $B/REVISION | tee $OUT/modes/revision.txt
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader > $OUT/modes/device.txt
for round in 1 2; do
  for mode in cold hot; do
    timed "modes $mode $round" 60 $B/bin/runner $waves/modes.yaml --mode $mode \
      --plugin-path $B/lib/parprim --no-progress --no-console \
      --json $OUT/modes/${mode}_$round.json --markdown $OUT/modes/${mode}_$round.md \
      > $OUT/modes/runner_${mode}_$round.log 2>&1
    grep -E "^\| [0-9]+ \|" $OUT/modes/${mode}_$round.md | cut -c1-150
  done
  keep
done
timed "widen 28" 60 $B/widen_floor 28 > $OUT/widen/2p28.md 2>&1; cat $OUT/widen/2p28.md
timed "widen 24" 60 $B/widen_floor 24 > $OUT/widen/2p24.md 2>&1; cat $OUT/widen/2p24.md
keep
{ lscpu; nproc; date -u
  echo "transparent_hugepage/enabled: $(cat /sys/kernel/mm/transparent_hugepage/enabled)"; } \
  > $OUT/status/host.txt 2>&1
for i in 1 2 3 4 5 6; do
  J=$OUT/status/status_$i.json
  timed status_$i 60 $B/bin/runner $S/status.yaml --plugin-path $B/lib/parprim \
    --no-progress --no-console --json $J > $OUT/status/status_$i.log 2>&1
  timed numpy_$i 40 python3 scripts/numpy_reference.py $J --out $J >> $OUT/status/status_$i.log 2>&1
  python3 $S/status_rows.py $J | tee -a $OUT/status/status_rows.txt
  keep
  [ $(($(date +%s) - start)) -lt 330 ] || { echo "status: stopped after run $i for time"; break; }
done
date -u >> $OUT/status/host.txt
ncu=$(command -v ncu || ls /usr/local/cuda/bin/ncu /opt/nvidia/nsight-compute/*/ncu 2> /dev/null | head -1)
[ -n "$ncu" ] || { echo "no ncu: no profile"; keep; exit 0; }
for case in cyrillic:2^24 ascii:2^24 cyrillic:2^26; do
  left=$((560 - ($(date +%s) - start)))
  [ $left -gt 40 ] || { echo "$left s left: no profile of $case"; break; }
  mix=${case%%:*} size=${case##*:}
  name=decode_${mix}_2p${size##*^}
  sed -e "s/MIX/$mix/" -e "s/sizes: \[2^24\]/sizes: [$size]/" $waves/profile_2p24.yaml \
    > $OUT/profile/$name.yaml
  timed "ncu $name" $((left - 10)) "$ncu" --clock-control none \
    --kernel-name "regex:lookback_decode_tile" --launch-count 1 \
    --section LaunchStats --section Occupancy --section SpeedOfLight --section SchedulerStats \
    --section WarpStateStats \
    --metrics sm__cycles_active.avg,sm__cycles_active.min,sm__cycles_active.max,sm__cycles_elapsed.max \
    -o $OUT/profile/$name $B/bin/runner $OUT/profile/$name.yaml --plugin-path $B/lib/parprim \
    --no-isolation --no-progress > $OUT/profile/ncu_$name.log 2>&1
  "$ncu" --import $OUT/profile/$name.ncu-rep --page details --csv > $OUT/profile/details_$name.csv 2>&1
  grep -E "cycles_active|cycles_elapsed|No Instruction|Duration" $OUT/profile/details_$name.csv | cut -c1-200
  rm -f $OUT/profile/$name.ncu-rep; keep
done
