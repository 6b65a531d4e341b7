#!/usr/bin/env bash
# Makes a bundle (scripts/bundle.sh) small enough to travel beside the working tree to the GPU
# machine (64 MiB in all, and the tree alone is near 40 MB): leaves out what no GPU check or
# GPU timing stage reads, and gzips the rest of the large files. On the GPU machine,
# scripts/unpack_bundle.sh (which gpu_run.sh and gpu_ab.sh run first) restores them.
#   bash scripts/compact_bundle.sh DIR [--with-icu]
# Left out (named in DIR/LEFT_OUT, which gpu_run.sh's stages read to say what they miss):
# - tests/ and examples/: the planted plugins and the plugin template (the isolation, sandbox,
#   course and template stages);
# - bin/test_core, bin/test_host_common: the CPU building blocks' tests (the cpu stages);
# - ICU (its plugin and libicu*): the CPU UTF-8 comparison (the utf8 stages on the host). With
#   --with-icu the plugin and libicuuc stay, and only ICU's 31 MB data library goes, replaced by
#   the one that holds nothing (lib/icu_empty_data/, plugins/icu/empty_data/ says why that is
#   honest for the two converters the plugin opens; its tables then say "without its data");
# - corpus/: course submissions (scripts/course_corpus.sh).
# Every other file over 64 KiB but the scripts, configs and JSON is gzipped in place.
set -euo pipefail
usage="usage: compact_bundle.sh DIR [--with-icu]"
dir=${1:?$usage}
with_icu=0
case "${2:-}" in
  --with-icu) with_icu=1 ;;
  "") ;;
  *) echo "$usage" >&2; exit 2 ;;
esac
[ -d "$dir/bin" ] || { echo "compact_bundle.sh: $dir is not a bundle (no bin/)" >&2; exit 2; }
before=$(du -sb "$dir" | cut -f1)
left_out=()
parts=(tests examples bin/test_core bin/test_host_common corpus)
[ "$with_icu" = 1 ] || parts+=(lib/parprim/parprim_plugin_icu.so)
for part in "${parts[@]}"; do
  if [ -e "$dir/$part" ]; then
    rm -rf "${dir:?}/$part"
    left_out+=("$part")
  fi
done
for icu in "$dir"/lib/libicu*; do
  [ -e "$icu" ] || continue
  case "$(basename "$icu")" in libicudata.*) ;; *) [ "$with_icu" = 1 ] && continue ;; esac
  rm -f "$icu"
  left_out+=("lib/$(basename "$icu")")
done
if [ "$with_icu" = 1 ]; then
  empty=("$dir"/lib/icu_empty_data/libicudata.so.*)
  [ -e "${empty[0]}" ] || {
    echo "compact_bundle.sh: --with-icu needs $dir/lib/icu_empty_data/libicudata.so.* (built with the icu plugin)" >&2
    exit 2
  }
  mv "${empty[@]}" "$dir/lib/"
fi
rm -rf "${dir:?}/lib/icu_empty_data"
printf '%s\n' "${left_out[@]}" > "$dir/LEFT_OUT"
find "$dir" -type f -size +64k ! -name '*.sh' ! -name '*.py' ! -name '*.yaml' ! -name '*.json' \
  ! -name '*.gz' -exec gzip -f {} +
echo "compact_bundle.sh: $dir from $before to $(du -sb "$dir" | cut -f1) bytes; left out: ${left_out[*]:-nothing}"
