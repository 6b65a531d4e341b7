#!/usr/bin/env bash
# Makes a bundle (scripts/bundle.sh) small enough to travel beside the working tree to the GPU
# machine (64 MiB in all, and the tree alone is near 40 MB): leaves out what no GPU check or
# GPU timing stage reads, and gzips the rest of the large files. On the GPU machine,
# scripts/unpack_bundle.sh (which gpu_run.sh and gpu_ab.sh run first) restores them.
#   bash scripts/compact_bundle.sh DIR
# Left out (named in DIR/LEFT_OUT, which gpu_run.sh's stages read to say what they miss):
# - tests/ and examples/: the planted plugins and the plugin template (the isolation, sandbox,
#   course and template stages);
# - bin/test_core, bin/test_host_common: the CPU building blocks' tests (the cpu stages);
# - ICU (its plugin and libicu*): the CPU UTF-8 comparison (the utf8 stages on the host);
# - corpus/: course submissions (scripts/course_corpus.sh).
# Every other file over 64 KiB but the scripts, configs and JSON is gzipped in place.
set -euo pipefail
dir=${1:?usage: compact_bundle.sh DIR}
[ -d "$dir/bin" ] || { echo "compact_bundle.sh: $dir is not a bundle (no bin/)" >&2; exit 2; }
before=$(du -sb "$dir" | cut -f1)
left_out=()
for part in tests examples bin/test_core bin/test_host_common lib/parprim/parprim_plugin_icu.so \
  corpus; do
  if [ -e "$dir/$part" ]; then
    rm -rf "${dir:?}/$part"
    left_out+=("$part")
  fi
done
for icu in "$dir"/lib/libicu*; do
  [ -e "$icu" ] || continue
  rm -f "$icu"
  left_out+=("lib/$(basename "$icu")")
done
printf '%s\n' "${left_out[@]}" > "$dir/LEFT_OUT"
find "$dir" -type f -size +64k ! -name '*.sh' ! -name '*.py' ! -name '*.yaml' ! -name '*.json' \
  ! -name '*.gz' -exec gzip -f {} +
echo "compact_bundle.sh: $dir from $before to $(du -sb "$dir" | cut -f1) bytes; left out: ${left_out[*]:-nothing}"
