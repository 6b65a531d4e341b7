#!/usr/bin/env bash
# Call 7: the encoder's A/B (round6/: 92718177c137's cuda_efficient, lib/parprim: this bundle's,
# round 7), alternated twice; then `gpu_run.sh check` and cuda_efficient's utf8_gpu_checks.
set -u
B=bundle
gunzip -f $B/bin/*.gz $B/lib/*.gz $B/lib/parprim/*.gz $B/round6/*.gz 2>/dev/null; chmod +x $B/bin/*
export LD_LIBRARY_PATH=$PWD/$B/lib
keep() { tar czf $OUT/r.tgz -C $OUT ab check checks 2>/dev/null; }
R=$OUT/ab; mkdir -p $R $OUT/check $OUT/checks
i=0
for side in round6 lib/parprim round6 lib/parprim; do
  i=$((i+1)); name=$(basename $side); [ $name = parprim ] && name=round7
  s=$(date +%s)
  timeout 100 $B/bin/runner $B/configs/utf8_encode_ab3.yaml --plugin-path $B/$side --no-progress --no-console \
    --json $R/ab_${i}_$name.json --markdown $R/ab_${i}_$name.md > $R/ab_${i}_$name.log 2>&1
  echo "run $i $name: exit $? in $(( $(date +%s) - s )) s"; keep
done
s=$(date +%s)
OUT=$OUT/check timeout 200 bash $B/gpu_run.sh check > $OUT/check/gpu_run.log 2>&1; echo "check: exit $? in $(( $(date +%s) - s )) s"
grep -E '^(thrust|cuda_naive|cuda_efficient|course_example|nccl):|attestation' $OUT/check/gpu_run.log | cut -c1-120; keep
s=$(date +%s)
UTF8_GPU_PLUGINS=cuda_efficient OUT=$OUT/checks timeout 120 bash $B/gpu_run.sh utf8_gpu_checks > $OUT/checks/gpu_run.log 2>&1; echo "utf8_gpu_checks: exit $? in $(( $(date +%s) - s )) s"
tail -7 $OUT/checks/gpu_run.log; keep
