#!/usr/bin/env bash
# Call 1, on the final GPU sources of this session (the bundle's REVISION; decoder round 18b,
# validator round 16 with round 17's loads): `gpu_run.sh check` (every CUDA plugin's conformance,
# the attestation), cuda_efficient's utf8_gpu_checks (sanitizers, 1000 repeated runs),
# utf8_gpu_large (2^32 + 5 bytes decoded and validated), then the decoding table at 2^28 with
# CUB's pipeline beside (utf8_decode_2p28.yaml). Each stage under its own limit, the results
# packed after each.
set -u
B=bundle
bash $B/unpack_bundle.sh $B
export LD_LIBRARY_PATH=$PWD/$B/lib
keep() { tar czf $OUT/r.tgz -C $OUT check checks large tables 2>/dev/null; }
mkdir -p $OUT/check $OUT/checks $OUT/large $OUT/tables
nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader
for stage in check:170 utf8_gpu_checks:100 utf8_gpu_large:120; do
  name=${stage%%:*} limit=${stage#*:} dir=${name#utf8_gpu_}
  s=$(date +%s)
  UTF8_GPU_PLUGINS=cuda_efficient OUT=$OUT/$dir timeout $limit bash $B/gpu_run.sh $name \
    > $OUT/$dir/gpu_run.log 2>&1
  echo "$name: exit $? in $(( $(date +%s) - s )) s"
  tail -6 $OUT/$dir/gpu_run.log | cut -c1-180; keep
done
s=$(date +%s)
timeout 155 $B/bin/runner $B/configs/utf8_decode_2p28.yaml --no-progress --no-console \
  --json $OUT/tables/utf8_decode_2p28.json --markdown $OUT/tables/utf8_decode_2p28.md \
  > $OUT/tables/runner.log 2>&1
echo "tables: exit $? in $(( $(date +%s) - s )) s"; tail -2 $OUT/tables/runner.log; keep
