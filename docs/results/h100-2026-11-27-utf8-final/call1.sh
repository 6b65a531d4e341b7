#!/usr/bin/env bash
# Call 1, on the final GPU sources of this session (ccf262e: encoder round 12 with the review mends,
# decoder round 8): `gpu_run.sh check` (every CUDA plugin's conformance, the
# attestation), cuda_efficient's utf8_gpu_checks (sanitizers, 1000 repeated runs), then decoding
# and validation of 2^32 + 5 bytes (utf8_gpu_large). Asked of an nvidia-h200; an H100 came.
set -u
B=bundle
gunzip -f $B/bin/*.gz $B/lib/*.gz $B/lib/parprim/*.gz 2>/dev/null; chmod +x $B/bin/*
export LD_LIBRARY_PATH=$PWD/$B/lib
keep() { tar czf $OUT/r.tgz -C $OUT check checks large 2>/dev/null; }
mkdir -p $OUT/check $OUT/checks $OUT/large
nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader
for stage in check utf8_gpu_checks; do
  s=$(date +%s)
  UTF8_GPU_PLUGINS=cuda_efficient OUT=$OUT/${stage/utf8_gpu_/} timeout 170 bash $B/gpu_run.sh $stage \
    > $OUT/${stage/utf8_gpu_/}/gpu_run.log 2>&1
  echo "$stage: exit $? in $(( $(date +%s) - s )) s"
  tail -8 $OUT/${stage/utf8_gpu_/}/gpu_run.log | cut -c1-160; keep
done
s=$(date +%s)
OUT=$OUT/large timeout 250 bash $B/gpu_run.sh utf8_gpu_large > $OUT/large/gpu_run.log 2>&1
echo "utf8_gpu_large: exit $? in $(( $(date +%s) - s )) s"; tail -6 $OUT/large/gpu_run.log | cut -c1-200; keep
