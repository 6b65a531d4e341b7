#!/usr/bin/env bash
# Call 2, on the final GPU sources (round 14, a compact bundle): `gpu_run.sh check` (every CUDA
# plugin's conformance, the attestation) and cuda_efficient's utf8_gpu_checks, then the
# encoding table at 2^28 (configs/utf8_gpu.yaml: every mix, without and with 1% errors),
# cuda_efficient beside thrust's `thrust` and `cub`.
set -u
B=bundle
mkdir -p $OUT/check $OUT/checks $OUT/tables
keep() { tar czf $OUT/r.tgz -C $OUT check checks tables 2>/dev/null; }
for stage in check utf8_gpu_checks; do
  s=$(date +%s)
  UTF8_GPU_PLUGINS=cuda_efficient OUT=$OUT/${stage/utf8_gpu_/} timeout 170 bash $B/gpu_run.sh $stage \
    > $OUT/${stage/utf8_gpu_/}/gpu_run.log 2>&1
  echo "$stage: exit $? in $(( $(date +%s) - s )) s"
  tail -4 $OUT/${stage/utf8_gpu_/}/gpu_run.log | cut -c1-160; keep
done
s=$(date +%s)
timeout 220 $B/bin/runner $B/configs/utf8_gpu.yaml --sizes 2^28 --operations utf8_encode \
  --backends cuda_efficient,thrust --no-progress --no-console \
  --json $OUT/tables/utf8_encode_2p28.json --markdown $OUT/tables/utf8_encode_2p28.md \
  > $OUT/tables/runner.log 2>&1
echo "tables: exit $? in $(( $(date +%s) - s )) s"; keep
