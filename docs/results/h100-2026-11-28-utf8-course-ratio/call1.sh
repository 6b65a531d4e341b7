#!/usr/bin/env bash
# cuda_naive's `course` beside cuda_efficient's `lookback` at 2^28 (utf8_course_2p28.yaml), on
# the final code (the bundle's REVISION, 38a63da), every record checked against the oracle.
set -u
B=bundle
bash $B/unpack_bundle.sh $B
export LD_LIBRARY_PATH=$PWD/$B/lib
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
mkdir -p $OUT/tables
s=$(date +%s)
timeout 240 $B/bin/runner $B/configs/utf8_course_2p28.yaml --no-progress --no-console \
  --json $OUT/tables/utf8_course_2p28.json --markdown $OUT/tables/utf8_course_2p28.md \
  > $OUT/tables/runner.log 2>&1
echo "tables: exit $? in $(( $(date +%s) - s )) s"; tail -2 $OUT/tables/runner.log
tar czf $OUT/r.tgz -C $OUT tables
