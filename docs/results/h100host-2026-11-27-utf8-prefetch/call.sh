#!/usr/bin/env bash
# On the GPU machine's host (its 16 threads; the GPU unused): tbb_decode.yaml with the code of
# utf8.md step 16 (a compact bundle of 73828e1) and with the CPU plugins before it (before/:
# cpu_seq and cpu_tbb built at a986a79), alternated, two runs each.
set -u
B=bundle
bash $B/unpack_bundle.sh $B
# before/ was not built by bundle.sh (no $ORIGIN rpath): its libraries are found here.
export LD_LIBRARY_PATH=$PWD/$B/lib
mkdir -p $OUT/runs
lscpu | grep -E "Model name|^CPU\(s\)|Thread" > $OUT/runs/cpu.txt
i=0
for round in 1 2; do
  for side in after before; do
    i=$((i + 1)); s=$(date +%s)
    path=$B/lib/parprim; [ $side = before ] && path=$B/before
    timeout 120 $B/bin/runner docs/results/h100host-2026-11-27-utf8-prefetch/tbb_decode.yaml \
      --plugin-path $path --no-progress --no-console --json $OUT/runs/${i}_$side.json \
      --markdown $OUT/runs/${i}_$side.md > $OUT/runs/${i}_$side.log 2>&1
    echo "run $i $side: exit $? in $(( $(date +%s) - s )) s"
  done
done
tar czf $OUT/r.tgz -C $OUT runs
