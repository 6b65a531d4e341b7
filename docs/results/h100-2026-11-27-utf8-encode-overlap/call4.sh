#!/usr/bin/env bash
# Call 4, on the final GPU sources (round 12 with its comments brought up to date, ebc99f8):
# `gpu_run.sh check` (the attestation) and cuda_efficient's utf8_gpu_checks.
set -u
B=bundle
gunzip -f $B/bin/*.gz $B/lib/*.gz $B/lib/parprim/*.gz 2>/dev/null
chmod +x $B/bin/*
export LD_LIBRARY_PATH=$PWD/$B/lib
keep() { tar czf $OUT/r.tgz -C $OUT check checks 2>/dev/null; }
mkdir -p $OUT/check $OUT/checks
for stage in check utf8_gpu_checks; do
  s=$(date +%s)
  UTF8_GPU_PLUGINS=cuda_efficient OUT=$OUT/${stage/utf8_gpu_/} timeout 170 bash $B/gpu_run.sh $stage \
    > $OUT/${stage/utf8_gpu_/}/gpu_run.log 2>&1
  echo "$stage: exit $? in $(( $(date +%s) - s )) s"
  tail -8 $OUT/${stage/utf8_gpu_/}/gpu_run.log | cut -c1-160; keep
done
