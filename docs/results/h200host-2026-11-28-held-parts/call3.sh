#!/usr/bin/env bash
# Call 3 on the GPU machine's host (its 16 threads; nothing on the GPU). utf8.md step 22 (a
# decoded part's output streamed out a few lines a block while its worker decodes the next
# part): cpu_tbb's tests of chained_parts and worker_buffers, then issue 33's row
# (docs/results/h200host-2026-11-28-utf8-last-byte/tbb_row.yaml: cpu_tbb decoding at 2^28 bytes,
# every mix, no errors) six times, two sides alternated by scripts/gpu_ab.sh: step20/ (eaec967's
# cpu_tbb: each output streamed whole once its offset is known) and the bundle's (de98d19).
set -u
. scripts/gpu_call_setup.sh host3
timed unit_tests 60 $B/bin/test_cpu_tbb_parts > $OUT/host3/test_cpu_tbb_parts.log 2>&1
tail -2 $OUT/host3/test_cpu_tbb_parts.log
OUT=$OUT/host3 timeout 450 bash $B/gpu_ab.sh \
  docs/results/h200host-2026-11-28-utf8-last-byte/tbb_row.yaml 3 70 step20=$B/step20 \
  step22=$B/lib/parprim
keep
