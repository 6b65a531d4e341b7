#!/usr/bin/env bash
# Call 2, on the final GPU sources (the decoder at 5 blocks an SM): `gpu_run.sh check` (every
# CUDA plugin's conformance, the attestation) and cuda_efficient's utf8_gpu_checks, then the
# decoding tables at 2^28 (configs/utf8_gpu.yaml, both forms, cuda_efficient and thrust) and
# decoding and validation past 2^32 bytes (utf8_gpu_large).
set -u
B=bundle
gunzip -f $B/bin/*.gz $B/lib/*.gz $B/lib/parprim/*.gz 2>/dev/null; chmod +x $B/bin/*
export LD_LIBRARY_PATH=$PWD/$B/lib
keep() { tar czf $OUT/r.tgz -C $OUT check checks tables large 2>/dev/null; }
mkdir -p $OUT/check $OUT/checks $OUT/tables $OUT/large
for stage in check utf8_gpu_checks; do
  s=$(date +%s)
  UTF8_GPU_PLUGINS=cuda_efficient OUT=$OUT/${stage/utf8_gpu_/} timeout 170 bash $B/gpu_run.sh $stage \
    > $OUT/${stage/utf8_gpu_/}/gpu_run.log 2>&1
  echo "$stage: exit $? in $(( $(date +%s) - s )) s"
  tail -8 $OUT/${stage/utf8_gpu_/}/gpu_run.log | cut -c1-160; keep
done
s=$(date +%s)
timeout 200 $B/bin/runner $B/configs/utf8_gpu.yaml --operations utf8_decode --sizes 2^28 \
  --backends cuda_efficient,thrust --no-progress --no-console \
  --json $OUT/tables/utf8_decode_2p28.json --markdown $OUT/tables/utf8_decode_2p28.md > $OUT/tables/runner.log 2>&1
echo "tables: exit $? in $(( $(date +%s) - s )) s"; keep
s=$(date +%s)
OUT=$OUT/large timeout 150 bash $B/gpu_run.sh utf8_gpu_large > $OUT/large/gpu_run.log 2>&1
echo "utf8_gpu_large: exit $? in $(( $(date +%s) - s )) s"; tail -6 $OUT/large/gpu_run.log | cut -c1-200; keep
