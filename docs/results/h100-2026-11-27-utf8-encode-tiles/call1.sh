#!/usr/bin/env bash
# Call 1: the encoder's tile size, A/B by scripts/gpu_ab.sh over three builds of cuda_efficient
# (code 7761198 with encode_items and encode_blocks_per_sm changed, built on the development
# machine): 16 and 6 (round 10, lib/parprim), 24 and 5 (items24/), 32 and 4 (items32/), twice.
set -u
B=bundle
gunzip -f $B/bin/*.gz $B/lib/*.gz $B/lib/parprim/*.gz $B/items24/*.gz $B/items32/*.gz 2>/dev/null
chmod +x $B/bin/*
export LD_LIBRARY_PATH=$PWD/$B/lib
mkdir -p $OUT/ab
OUT=$OUT/ab bash $B/gpu_ab.sh $B/configs/utf8_encode_tiles.yaml 2 90 \
  items16=$B/lib/parprim items24=$B/items24 items32=$B/items32
tar czf $OUT/r.tgz -C $OUT ab
