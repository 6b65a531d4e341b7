#!/usr/bin/env bash
# Call 2, on round 13b's code (d71acc2): cuda_efficient's [utf8] conformance with round 13b (the
# bundle's lib/parprim, 5 blocks an SM), then the encoder's A/B by scripts/gpu_ab.sh, one round:
# round12/ (fd4649c), round 13b, r13b_4/ (round 13b with encode_blocks_per_sm = 4).
set -u
B=bundle
gunzip -f $B/bin/*.gz $B/lib/*.gz $B/lib/parprim/*.gz $B/round12/*.gz $B/r13b_4/*.gz 2>/dev/null
chmod +x $B/bin/*
export LD_LIBRARY_PATH=$PWD/$B/lib
keep() { tar czf $OUT/r.tgz -C $OUT ab conformance 2>/dev/null; }
mkdir -p $OUT/ab $OUT/conformance
s=$(date +%s)
timeout 100 $B/bin/parprim-conformance --require-available \
  --plugins $B/lib/parprim/parprim_plugin_cuda_efficient.so "[utf8]" > $OUT/conformance/utf8.log 2>&1
echo "conformance: exit $? in $(( $(date +%s) - s )) s"; tail -3 $OUT/conformance/utf8.log
keep
OUT=$OUT/ab bash $B/gpu_ab.sh $B/configs/utf8_encode_ab2.yaml 1 130 \
  round12=$B/round12 round13b=$B/lib/parprim r13b_4=$B/r13b_4
keep
