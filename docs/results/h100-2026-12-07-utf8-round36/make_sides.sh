#!/usr/bin/env bash
# Round 36's sides (utf8_gpu.md, item 46): cuda_efficient built with the encoder's block of 128
# threads (10 blocks an SM) and of 64 threads (20 blocks an SM), the encoder's code otherwise the
# tree's; each plugin gzipped into OUT/SIDE/ for gpu_ab.sh. The tree's file is put back after.
# (Registers: `-Xptxas -v` of utf8_plans.cu, README; this machine has no cuobjdump.)
#   bash docs/results/h100-2026-12-07-utf8-round36/make_sides.sh OUT
set -euo pipefail
out=${1:?the folder for the sides}
file=plugins/cuda_efficient/device/utf8/lookback_encode.cuh
cp "$file" "$out.orig"
trap 'cp "$out.orig" "$file"; rm -f "$out.orig"' EXIT
for side in "b128 128 10" "b64 64 20"; do
  set -- $side
  cp "$out.orig" "$file"
  sed -i "s/^inline constexpr int encode_block_threads = 256;/inline constexpr int encode_block_threads = $2;/;
          s/^inline constexpr int encode_blocks_per_sm = 5;/inline constexpr int encode_blocks_per_sm = $3;/" "$file"
  grep -q "encode_block_threads = $2;" "$file" && grep -q "encode_blocks_per_sm = $3;" "$file"
  ninja -C build parprim_plugin_cuda_efficient > /dev/null
  mkdir -p "$out/$1"
  gzip -c build/lib/parprim/parprim_plugin_cuda_efficient.so > "$out/$1/parprim_plugin_cuda_efficient.so.gz"
done
cp "$out.orig" "$file"
ninja -C build parprim_plugin_cuda_efficient > /dev/null
