#!/usr/bin/env bash
# The compact bundle on the GPU machine (`bash scripts/bundle.sh --compact`, carried as is):
# `gpu_run.sh check` unpacks it and runs every CUDA plugin's conformance; `gpu_run.sh
# isolation` must fail naming the planted plugins the compaction left out.
set -u
OUT=$OUT/check bash bundle/gpu_run.sh check > $OUT/check.log 2>&1; echo "check: exit $?"
OUT=$OUT/isolation bash bundle/gpu_run.sh isolation > $OUT/isolation.log 2>&1; echo "isolation: exit $?"
grep -E "^conformance: variant|attestation|needs" $OUT/check.log $OUT/isolation.log | cut -c1-200
tar czf $OUT/r.tgz -C $OUT check check.log isolation.log
