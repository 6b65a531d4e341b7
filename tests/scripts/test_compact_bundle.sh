#!/usr/bin/env bash
# scripts/compact_bundle.sh and scripts/unpack_bundle.sh on a bundle-shaped folder: compaction
# leaves out the parts it names (and lists them in LEFT_OUT), gzips the large files but the
# scripts and configs, and makes the folder smaller; unpacking restores every kept file
# bit for bit, executable where it was; a second unpack changes nothing; --with-icu keeps the
# icu plugin on the data library that holds nothing; gpu_run.sh's stages
# that read a left-out part fail naming it instead of running; a folder that is not a bundle is
# refused (exit 2).
#   test_compact_bundle.sh WORK_DIR
set -euo pipefail
work=$1
here=$(cd "$(dirname "$0")" && pwd)
scripts="$here/../../scripts"
rm -rf "$work"
b="$work/bundle"
mkdir -p "$b/bin" "$b/lib/parprim" "$b/configs" "$b/tests/planted_cuda" \
  "$b/examples/plugin_template" "$b/corpus/one"
# Large files (random, so that gzip has work) where the bundle has its executables and libraries.
head -c 300000 /dev/urandom > "$b/bin/runner"
head -c 200000 /dev/zero > "$b/bin/parprim-conformance"
head -c 200000 /dev/zero > "$b/bin/test_core"
head -c 200000 /dev/zero > "$b/bin/test_host_common"
chmod +x "$b"/bin/*
head -c 500000 /dev/zero > "$b/lib/parprim/parprim_plugin_cuda_efficient.so"
head -c 500000 /dev/zero > "$b/lib/parprim/parprim_plugin_icu.so"
head -c 500000 /dev/zero > "$b/lib/libicudata.so.72"
head -c 100000 /dev/zero > "$b/lib/libstdc++.so.6"
head -c 100000 /dev/zero > "$b/configs/big.yaml"
echo small > "$b/lib/small.so"
cp "$scripts/gpu_run.sh" "$scripts/unpack_bundle.sh" "$b/"
echo x > "$b/tests/planted_cuda/planted.so"
(cd "$b" && find . -type f ! -path './tests/*' ! -path './examples/*' ! -path './corpus/*' \
  ! -name 'test_*' ! -name '*icu*' -exec sha256sum {} + | sort -k2) > "$work/kept.sha"
before=$(du -sb "$b" | cut -f1)

bash "$scripts/compact_bundle.sh" "$b" > "$work/compact.log"
for gone in tests examples corpus bin/test_core bin/test_host_common \
  lib/parprim/parprim_plugin_icu.so lib/libicudata.so.72; do
  [ ! -e "$b/$gone" ] || { echo "FAIL: $gone kept"; exit 1; }
  grep -qx "$gone" "$b/LEFT_OUT" || { echo "FAIL: LEFT_OUT does not name $gone"; exit 1; }
done
for packed in bin/runner.gz bin/parprim-conformance.gz lib/libstdc++.so.6.gz \
  lib/parprim/parprim_plugin_cuda_efficient.so.gz; do
  [ -f "$b/$packed" ] || { echo "FAIL: $packed missing"; exit 1; }
done
for plain in configs/big.yaml gpu_run.sh unpack_bundle.sh lib/small.so; do
  [ -f "$b/$plain" ] || { echo "FAIL: $plain not left as it was"; exit 1; }
done
after=$(du -sb "$b" | cut -f1)
[ "$after" -lt "$before" ] || { echo "FAIL: $before -> $after bytes"; exit 1; }

bash "$b/unpack_bundle.sh" "$b"
bash "$b/unpack_bundle.sh" "$b"
(cd "$b" && find . -type f ! -name LEFT_OUT -exec sha256sum {} + | sort -k2) > "$work/unpacked.sha"
diff "$work/kept.sha" "$work/unpacked.sha" || { echo "FAIL: unpacked files differ"; exit 1; }
[ -x "$b/bin/runner" ] || { echo "FAIL: bin/runner not executable after unpacking"; exit 1; }

# gpu_run.sh's isolation stage reads tests/planted_cuda, which the compaction left out.
(cd "$work" && OUT=out bash bundle/gpu_run.sh isolation > isolation.log 2>&1) && status=0 || status=$?
[ "$status" -ne 0 ] || { echo "FAIL: the isolation stage passed without its planted plugins"; exit 1; }
grep -q "stage isolation needs bundle/tests/planted_cuda, which this bundle does not hold (left out" \
  "$work/isolation.log" || { echo "FAIL: no message naming the left-out part"; cat "$work/isolation.log"; exit 1; }

# --with-icu keeps the icu plugin and ICU's code, and puts the data library that holds nothing
# where Debian's was; without that library to put there it refuses (exit 2).
w="$work/with_icu"
mkdir -p "$w/bin" "$w/lib/parprim" "$w/lib/icu_empty_data"
head -c 100000 /dev/urandom > "$w/bin/runner"
head -c 100000 /dev/urandom > "$w/lib/parprim/parprim_plugin_icu.so"
head -c 100000 /dev/urandom > "$w/lib/libicuuc.so.72"
head -c 500000 /dev/zero > "$w/lib/libicudata.so.72"
echo empty > "$w/lib/icu_empty_data/libicudata.so.72"
bash "$scripts/compact_bundle.sh" "$w" --with-icu > "$work/with_icu.log"
for kept in lib/parprim/parprim_plugin_icu.so.gz lib/libicuuc.so.72.gz; do
  [ -f "$w/$kept" ] || { echo "FAIL: --with-icu did not keep $kept"; exit 1; }
done
[ "$(cat "$w/lib/libicudata.so.72")" = empty ] || { echo "FAIL: ICU's data library not replaced"; exit 1; }
[ ! -e "$w/lib/icu_empty_data" ] || { echo "FAIL: lib/icu_empty_data kept"; exit 1; }
rm -rf "$w/lib/icu_empty_data"
mkdir -p "$w/lib/icu_empty_data"
bash "$scripts/compact_bundle.sh" "$w" --with-icu 2> /dev/null && status=0 || status=$?
[ "$status" -eq 2 ] || { echo "FAIL: --with-icu without the empty data library gave exit $status, not 2"; exit 1; }

mkdir -p "$work/not_a_bundle"
bash "$scripts/compact_bundle.sh" "$work/not_a_bundle" 2> /dev/null && status=0 || status=$?
[ "$status" -eq 2 ] || { echo "FAIL: a folder without bin/ gave exit $status, not 2"; exit 1; }
echo "compact_bundle.sh: $before -> $after bytes, left out and unpacked as named"
