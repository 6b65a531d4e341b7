#!/usr/bin/env bash
# Issue 34's H200 tables, on the attested code (dc66b08's GPU sources; the bundle's REVISION
# later, docs only beside them): the 2^28 decoding and validation table beside CUB's pipeline,
# the 2^28 encoding table beside it, cuda_naive's `course` decoder on three mixes, then, in the
# time left, `gpu_run.sh utf8_gpu_large` (2^32 + 5 bytes decoded and validated, against the
# oracle). The first step prints the card: an H100 may come in an H200's place.
set -u
start=$(date +%s)
. scripts/gpu_call_setup.sh tables large
for t in utf8_decode_2p28 utf8_encode_2p28 utf8_course_2p28; do
  timed $t 170 $B/bin/runner $B/configs/$t.yaml --no-progress --no-console \
    --json $OUT/tables/$t.json --markdown $OUT/tables/$t.md > $OUT/tables/$t.log 2>&1
  tail -1 $OUT/tables/$t.log; keep
done
left=$((585 - ($(date +%s) - start)))
echo "utf8_gpu_large: $left s left"
if [ $left -gt 30 ]; then
  OUT=$OUT/large timed utf8_gpu_large $left bash $B/gpu_run.sh utf8_gpu_large > $OUT/large/stage.log 2>&1
  tail -12 $OUT/large/stage.log
fi
keep
