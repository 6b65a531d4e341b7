#!/usr/bin/env bash
# Call 3, on round 12's code (the bundle of call 1): emoji at 2^30 + 5 code points, past 2^32 bytes out.
set -u
B=bundle
gunzip -f $B/bin/*.gz $B/lib/*.gz $B/lib/parprim/*.gz 2>/dev/null
chmod +x $B/bin/*
export LD_LIBRARY_PATH=$PWD/$B/lib
mkdir -p $OUT/large
s=$(date +%s)
timeout 400 $B/bin/runner $B/configs/utf8_encode_large2.yaml --no-progress --no-console \
  --json $OUT/large/utf8_encode_large2.json --markdown $OUT/large/utf8_encode_large2.md \
  > $OUT/large/runner.log 2>&1
echo "large: exit $? in $(( $(date +%s) - s )) s"
tail -5 $OUT/large/runner.log
grep -E "status|ok|mismatch" $OUT/large/utf8_encode_large2.md | head -5
