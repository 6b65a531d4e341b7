#!/usr/bin/env bash
# Call 1, on round 12's code: `gpu_run.sh check` and cuda_efficient's utf8_gpu_checks, then the
# encoder's A/B by scripts/gpu_ab.sh: round11/ (7761198 with 24 code points a thread at 5 blocks
# an SM, the build round 11 measured as items24) against lib/parprim (round 12), one run each.
set -u
B=bundle
gunzip -f $B/bin/*.gz $B/lib/*.gz $B/lib/parprim/*.gz $B/round11/*.gz 2>/dev/null
chmod +x $B/bin/*
export LD_LIBRARY_PATH=$PWD/$B/lib
keep() { tar czf $OUT/r.tgz -C $OUT ab check checks 2>/dev/null; }
mkdir -p $OUT/ab $OUT/check $OUT/checks
for stage in check utf8_gpu_checks; do
  s=$(date +%s)
  UTF8_GPU_PLUGINS=cuda_efficient OUT=$OUT/${stage/utf8_gpu_/} timeout 170 bash $B/gpu_run.sh $stage \
    > $OUT/${stage/utf8_gpu_/}/gpu_run.log 2>&1
  echo "$stage: exit $? in $(( $(date +%s) - s )) s"
  tail -8 $OUT/${stage/utf8_gpu_/}/gpu_run.log | cut -c1-160; keep
done
OUT=$OUT/ab bash $B/gpu_ab.sh $B/configs/utf8_encode_ab3.yaml 1 150 \
  round11=$B/round11 round12=$B/lib/parprim
keep
