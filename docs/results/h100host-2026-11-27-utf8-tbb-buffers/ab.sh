#!/usr/bin/env bash
# The script of calls 1 and 2 (bundle/ab.sh there, with the lists written in): the buffers'
# test and the [utf8] conformance of the plugins in CHECKED on this host, then the runner four
# times, the two plugins alternated (SIDES), each folder holding one parprim_plugin_cpu_tbb.so.
# Call 1: CHECKED="before after", SIDES="before after before after";
# call 2: CHECKED="step14", SIDES="step14 step13 step14 step13".
set -u
B=bundle; R=$OUT/r; mkdir -p $R
export LD_LIBRARY_PATH=$PWD/$B/lib
{ date -u; nproc; lscpu; } > $R/host.txt 2>&1
cat $B/REVISION > $R/revision.txt
$B/bin/test_cpu_tbb_parts > $R/test_cpu_tbb_parts.log 2>&1; echo "parts test: exit $?"
for p in $CHECKED; do
  timeout 200 $B/bin/parprim-conformance --no-isolation --plugins $B/$p/parprim_plugin_cpu_tbb.so "[utf8]" > $R/conformance_$p.log 2>&1
  echo "conformance $p: exit $? $(grep -E 'test cases|All tests' $R/conformance_$p.log | tail -1)"
done
i=0
for side in $SIDES; do
  i=$((i+1))
  s=$(date +%s)
  $B/bin/runner $B/configs/utf8_tbb_ab.yaml --plugin-path $B/$side --no-progress --no-console \
    --json $R/ab_${i}_$side.json --markdown $R/ab_${i}_$side.md > $R/ab_${i}_$side.log 2>&1
  echo "run $i $side: exit $? in $(( $(date +%s) - s )) s"
  tar czf $OUT/r.tgz -C $OUT r  # kept after each run, in case the call's time runs out
done
rm -rf $R
