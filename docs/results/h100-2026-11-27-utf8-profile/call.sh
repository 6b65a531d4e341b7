#!/usr/bin/env bash
# Nsight Compute over cuda_efficient's UTF-8 kernels (code of round 10), one mix a profile so
# that each report says which text it ran: the encoder on ascii, latin and cjk (the write-out,
# look-back and loads that round 10 found setting latin's time), the decoder on latin and cjk,
# the validator on cjk. The first launch of the kernel (the run's validated one), clocks as
# they are.
set -u
B=bundle
gunzip -f $B/bin/*.gz $B/lib/*.gz $B/lib/parprim/*.gz 2>/dev/null
chmod +x $B/bin/*
export LD_LIBRARY_PATH=$PWD/$B/lib
ncu=$(command -v ncu || ls /usr/local/cuda/bin/ncu /opt/nvidia/nsight-compute/*/ncu 2> /dev/null | head -1)
[ -n "$ncu" ] || { echo "no ncu"; exit 1; }
mkdir -p $OUT/profile
for job in utf8_encode:replace:ascii:lookback_encode_tile utf8_encode:replace:latin:lookback_encode_tile \
           utf8_encode:replace:cjk:lookback_encode_tile utf8_decode:replace:latin:lookback_decode_tile \
           utf8_decode:replace:cjk:lookback_decode_tile utf8_decode:validate:cjk:validate_tile; do
  IFS=: read -r op form mix kernel <<< "$job"
  name=${op#utf8_}_${form}_$mix
  sed -e "s/OPERATION/$op/; s/FORM/$form/; s/MIX/$mix/" $B/profile_one.yaml > $OUT/profile/$name.yaml
  s=$(date +%s)
  timeout 100 "$ncu" --clock-control none --kernel-name "regex:$kernel" --launch-count 1 \
    --section SpeedOfLight --section ComputeWorkloadAnalysis --section InstructionStats \
    --section MemoryWorkloadAnalysis --section WarpStateStats --section Occupancy \
    --section LaunchStats --section SchedulerStats --section SourceCounters \
    $B/bin/runner $OUT/profile/$name.yaml --no-isolation --no-progress > $OUT/profile/ncu_$name.txt 2>&1
  echo "--- $name: exit $? in $(( $(date +%s) - s )) s"
  grep -E "Duration|DRAM Throughput|Executed Ipc E|Issued Warp Per|Achieved Occupancy|Registers Per|No Eligible|Warp Cycles Per Issued" \
    $OUT/profile/ncu_$name.txt | cut -c1-110 | head -12
  tar czf $OUT/r.tgz -C $OUT profile
done
