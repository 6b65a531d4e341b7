#!/usr/bin/env bash
# Restores a bundle compacted by scripts/compact_bundle.sh: every .gz file under it is
# unpacked in place and bin/ made executable again. Nothing to do for a bundle that was not
# compacted, or was unpacked already; gpu_run.sh and gpu_ab.sh run it first.
#   bash unpack_bundle.sh DIR
set -euo pipefail
dir=${1:?usage: unpack_bundle.sh DIR}
find "$dir" -type f -name '*.gz' -exec gunzip -f {} +
[ -d "$dir/bin" ] && chmod +x "$dir"/bin/*
exit 0
