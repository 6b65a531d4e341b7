#!/usr/bin/env bash
# Call 1, on round 13's code (9245327): cuda_efficient's [utf8] conformance with round 13 at 5
# blocks an SM (the bundle's lib/parprim) and at 4 (r13_4/: encode_blocks_per_sm = 4, 64
# registers, no spills), then the encoder's A/B by scripts/gpu_ab.sh against round12/ (fd4649c),
# two rounds.
set -u
B=bundle
gunzip -f $B/bin/*.gz $B/lib/*.gz $B/lib/parprim/*.gz $B/round12/*.gz $B/r13_4/*.gz 2>/dev/null
chmod +x $B/bin/*
export LD_LIBRARY_PATH=$PWD/$B/lib
keep() { tar czf $OUT/r.tgz -C $OUT ab conformance 2>/dev/null; }
mkdir -p $OUT/ab $OUT/conformance
for side in lib/parprim r13_4; do
  s=$(date +%s)
  log=$OUT/conformance/utf8_${side//\//_}.log
  timeout 100 $B/bin/parprim-conformance --require-available \
    --plugins $B/$side/parprim_plugin_cuda_efficient.so "[utf8]" > $log 2>&1
  echo "conformance $side: exit $? in $(( $(date +%s) - s )) s"; tail -3 $log | cut -c1-200
done
keep
OUT=$OUT/ab bash $B/gpu_ab.sh $B/configs/utf8_encode_ab.yaml 2 100 \
  round12=$B/round12 round13=$B/lib/parprim r13_4=$B/r13_4
keep
