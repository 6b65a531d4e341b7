#!/usr/bin/env bash
# Call 2, on the same code and bundle as call 1: the UTF-8 tables at 2^28 (configs/utf8_gpu.yaml:
# decoding in both forms and encoding, every mix, without and with 1% errors), cuda_efficient
# beside thrust's `thrust` and `cub` (cuda_naive's `course` left out for time).
# Run on the H100 that call 1 had, while it was still held.
set -u
B=bundle
gunzip -f $B/bin/*.gz $B/lib/*.gz $B/lib/parprim/*.gz 2>/dev/null; chmod +x $B/bin/*
export LD_LIBRARY_PATH=$PWD/$B/lib
mkdir -p $OUT/tables
nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader
s=$(date +%s)
timeout 540 $B/bin/runner $B/configs/utf8_gpu.yaml --sizes 2^28 --backends cuda_efficient,thrust \
  --no-progress --no-console --json $OUT/tables/utf8_gpu_2p28.json \
  --markdown $OUT/tables/utf8_gpu_2p28.md > $OUT/tables/runner.log 2>&1
echo "tables: exit $? in $(( $(date +%s) - s )) s"; tail -3 $OUT/tables/runner.log
tar czf $OUT/r.tgz -C $OUT tables
