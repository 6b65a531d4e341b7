#!/usr/bin/env bash
# Call 2: where the encoder's warps wait at barriers (call 1's reports say 52-72% of their
# stalls, without saying which barrier): Nsight Compute's source page, SASS with its
# per-instruction samples, for the encoder on ascii and latin; and the SASS of the UTF-8 kernels
# (cuobjdump), which the development machine cannot disassemble.
set -u
B=bundle
gunzip -f $B/bin/*.gz $B/lib/*.gz $B/lib/parprim/*.gz 2>/dev/null
chmod +x $B/bin/*
export LD_LIBRARY_PATH=$PWD/$B/lib
ncu=$(command -v ncu || ls /usr/local/cuda/bin/ncu /opt/nvidia/nsight-compute/*/ncu 2> /dev/null | head -1)
objdump=$(command -v cuobjdump || ls /usr/local/cuda/bin/cuobjdump 2> /dev/null | head -1)
mkdir -p $OUT/profile2
for mix in ascii latin; do
  name=encode_replace_$mix
  sed -e "s/OPERATION/utf8_encode/; /forms:/d; s/MIX/$mix/" $B/profile_one.yaml > $OUT/profile2/$name.yaml
  timeout 120 "$ncu" --clock-control none --kernel-name "regex:lookback_encode_tile" --launch-count 1 \
    --section WarpStateStats --section SourceCounters -o $OUT/profile2/$name \
    $B/bin/runner $OUT/profile2/$name.yaml --no-isolation --no-progress > $OUT/profile2/ncu_$name.log 2>&1
  echo "--- $name: exit $?"
  "$ncu" --import $OUT/profile2/$name.ncu-rep --page source --print-source sass --csv \
    > $OUT/profile2/source_$name.csv 2> $OUT/profile2/source_$name.err
  echo "source page: exit $?, $(wc -l < $OUT/profile2/source_$name.csv) lines"; head -c 600 $OUT/profile2/source_$name.err
  tar czf $OUT/r.tgz -C $OUT profile2
done
if [ -n "$objdump" ]; then
  "$objdump" -sass $B/lib/parprim/parprim_plugin_cuda_efficient.so > $OUT/profile2/cuda_efficient.sass 2>&1
  echo "cuobjdump: exit $?, $(wc -l < $OUT/profile2/cuda_efficient.sass) lines"
  gzip -f $OUT/profile2/cuda_efficient.sass
else
  echo "no cuobjdump"
fi
rm -f $OUT/profile2/*.ncu-rep.unused
tar czf $OUT/r.tgz -C $OUT profile2
