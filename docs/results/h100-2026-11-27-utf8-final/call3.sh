#!/usr/bin/env bash
# Call 3, on the same GPU sources (a compact bundle of 2c9eeadf, same attestation digest):
# configs/utf8_gpu.yaml at 2^24 with every backend it names (cuda_efficient, thrust's `thrust`
# and `cub`, cuda_naive's `course`), then cuda_naive's `course` alone at 2^28 on three mixes
# (ascii, cjk, mixed), so that the course algorithm's ratio to cuda_efficient (call 2) is the
# final code's.
set -u
B=bundle
bash $B/unpack_bundle.sh $B
mkdir -p $OUT/tables
nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader
s=$(date +%s)
timeout 200 $B/bin/runner $B/configs/utf8_gpu.yaml --sizes 2^24 --no-progress --no-console \
  --json $OUT/tables/utf8_gpu_2p24.json --markdown $OUT/tables/utf8_gpu_2p24.md \
  > $OUT/tables/runner_2p24.log 2>&1
echo "2^24: exit $? in $(( $(date +%s) - s )) s"; tail -2 $OUT/tables/runner_2p24.log
s=$(date +%s)
timeout 330 $B/bin/runner $B/configs/utf8_gpu.yaml --sizes 2^28 --backends cuda_naive \
  --distributions ascii,cjk,mixed --no-progress --no-console \
  --json $OUT/tables/utf8_gpu_2p28_course.json --markdown $OUT/tables/utf8_gpu_2p28_course.md \
  > $OUT/tables/runner_2p28_course.log 2>&1
echo "2^28 course: exit $? in $(( $(date +%s) - s )) s"; tail -2 $OUT/tables/runner_2p28_course.log
tar czf $OUT/r.tgz -C $OUT tables
