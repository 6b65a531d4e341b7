#!/usr/bin/env bash
# Call 2, on round 11's code (the final GPU sources): `gpu_run.sh check` and cuda_efficient's
# utf8_gpu_checks, then the encoder's table, every mix with and without errors at 2^28 beside
# CUB's pipeline (../h100-2026-11-27-utf8-encode-bytes/utf8_encode_ab.yaml).
set -u
B=bundle
gunzip -f $B/bin/*.gz $B/lib/*.gz $B/lib/parprim/*.gz 2>/dev/null
chmod +x $B/bin/*
export LD_LIBRARY_PATH=$PWD/$B/lib
keep() { tar czf $OUT/r.tgz -C $OUT table check checks 2>/dev/null; }
mkdir -p $OUT/table $OUT/check $OUT/checks
for stage in check utf8_gpu_checks; do
  s=$(date +%s)
  UTF8_GPU_PLUGINS=cuda_efficient OUT=$OUT/${stage/utf8_gpu_/} timeout 170 bash $B/gpu_run.sh $stage \
    > $OUT/${stage/utf8_gpu_/}/gpu_run.log 2>&1
  echo "$stage: exit $? in $(( $(date +%s) - s )) s"
  tail -8 $OUT/${stage/utf8_gpu_/}/gpu_run.log | cut -c1-160; keep
done
s=$(date +%s)
timeout 230 $B/bin/runner $B/configs/utf8_encode_ab.yaml --no-progress --no-console \
  --json $OUT/table/utf8_encode.json --markdown $OUT/table/utf8_encode.md > $OUT/table/runner.log 2>&1
echo "table: exit $? in $(( $(date +%s) - s )) s"
keep
