#!/usr/bin/env bash
# On the GPU machine's host (its 16 threads; nothing on the GPU): issue 33's tables with ICU
# beside, on ICU's code and the empty data library (bundle made with --compact --with-icu),
# the code of d51aece (utf8.md step 23) for cpu_seq and cpu_tbb. First the conformance suite's
# UTF-8 cases on the icu plugin there, then utf8_host.yaml. CPython's records: call2.sh.
set -u
. scripts/gpu_call_setup.sh host
D=docs/results/h200host-2026-11-28-utf8-icu-tables
lscpu > $OUT/host/host.txt; nproc >> $OUT/host/host.txt
timed conformance 60 $B/bin/parprim-conformance --plugins $B/lib/parprim/parprim_plugin_icu.so \
  "[utf8]" > $OUT/host/icu_conformance.log 2>&1
tail -3 $OUT/host/icu_conformance.log
keep
timed runner 500 $B/bin/runner $D/utf8_host.yaml --plugin-path $B/lib/parprim --no-progress \
  --no-console --json $OUT/host/utf8_host.json --markdown $OUT/host/utf8_host.md \
  > $OUT/host/utf8_host.log 2>&1
tail -1 $OUT/host/utf8_host.log
keep
