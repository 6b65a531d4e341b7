#!/usr/bin/env bash
# The second call: CPython's decoder and encoder on the states of call.sh's records
# (host/utf8_host.json, committed), inputs regenerated from their seeds by the bundle's runner.
set -u
. scripts/gpu_call_setup.sh host
D=docs/results/h200host-2026-11-28-utf8-icu-tables
lscpu > $OUT/host/host2.txt
timed cpython 400 python3 scripts/cpython_reference.py $D/host/utf8_host.json --runner $B/bin/runner \
  --out $OUT/host/utf8_host_cpython.json > $OUT/host/cpython.log 2>&1
tail -2 $OUT/host/cpython.log
keep
