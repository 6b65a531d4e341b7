#!/usr/bin/env bash
# Call 5: `gpu_run.sh check` (every CUDA plugin's conformance, then the attestation), then the
# encoder's A/B for the mixes call 3 did not reach (before/, then this bundle's).
set -u
B=bundle
gunzip -f $B/bin/*.gz $B/lib/*.gz $B/lib/parprim/*.gz $B/before/*.gz 2>/dev/null; chmod +x $B/bin/*
export LD_LIBRARY_PATH=$PWD/$B/lib
keep() { tar czf $OUT/r.tgz -C $OUT ab check 2>/dev/null; }
mkdir -p $OUT/check $OUT/ab
s=$(date +%s)
OUT=$OUT/check timeout 380 bash $B/gpu_run.sh check > $OUT/check/gpu_run.log 2>&1; echo "check: exit $? in $(( $(date +%s) - s )) s"
tail -14 $OUT/check/gpu_run.log; keep
R=$OUT/ab; i=4
for side in before lib/parprim; do
  i=$((i+1)); name=$(basename $side); [ $name = parprim ] && name=after
  s=$(date +%s)
  timeout 90 $B/bin/runner $B/configs/utf8_encode_ab2.yaml --plugin-path $B/$side --no-progress --no-console \
    --json $R/ab_${i}_$name.json --markdown $R/ab_${i}_$name.md > $R/ab_${i}_$name.log 2>&1
  echo "run $i $name: exit $? in $(( $(date +%s) - s )) s"; keep
done
