#!/usr/bin/env bash
# Builds here for sm_90 and gathers everything a GPU machine needs to validate and time parprim
# into bundle/ (git-ignored): the runner, every plugin, the test executables, the configs, the
# GPU run script, the plugin template built out of tree, and the shared libraries they load, with $ORIGIN rpaths so nothing has to be
# installed there. The GPU machine has nvcc and CMake but not TBB, yaml-cpp, Boost or Catch2.
#
#   bash scripts/bundle.sh            # then, on the GPU machine: bash bundle/gpu_run.sh
#   bash scripts/bundle.sh --compact  # small enough to carry beside the tree (64 MiB in all):
#       scripts/compact_bundle.sh leaves out what no GPU check or GPU timing stage reads and
#       gzips the rest; gpu_run.sh and gpu_ab.sh unpack it there
#   bash scripts/bundle.sh --compact --with-icu  # keeps the icu comparison plugin, on ICU's
#       code without its data library (compact_bundle.sh says why that is enough)
#   CORPUS=build/course_corpus bash scripts/bundle.sh
#       also the course submissions scripts/course_corpus.sh built there (bundle/corpus/NAME,
#       the plugin and what the table reads), for `bash bundle/course_corpus.sh --run
#       bundle/corpus` on the GPU machine (with bundle/bin on PATH)
set -euo pipefail
cd "$(dirname "$0")/.."
compact=0 compact_options=()
case "${1:-} ${2:-}" in
  "--compact ") compact=1 ;;
  "--compact --with-icu") compact=1 compact_options=(--with-icu) ;;
  " ") ;;
  *) echo "usage: bash scripts/bundle.sh [--compact [--with-icu]]" >&2; exit 2 ;;
esac

bash scripts/build.sh default
if [ ! -f build/lib/parprim/parprim_plugin_thrust.so ]; then
  echo "bundle.sh: the CUDA plugins were not built (is nvcc at /usr/local/cuda/bin?)" >&2
  exit 1
fi

rm -rf bundle
mkdir -p bundle/bin bundle/lib/parprim bundle/configs
cp build/bin/runner bundle/bin/
cp build/bin/parprim-conformance build/tests/core/test_core bundle/bin/
# The CPU plugins' building blocks, to test their SIMD forms on the device host's CPU too.
cp build/tests/plugins/test_host_common bundle/bin/
[ -f build/bin/nccl_exchange_probe ] && cp build/bin/nccl_exchange_probe bundle/bin/
cp build/lib/parprim/*.so bundle/lib/parprim/
# ICU's data library that holds nothing, for a bundle compacted --with-icu (compact_bundle.sh).
if [ -d build/lib/icu_empty_data ]; then cp -r build/lib/icu_empty_data bundle/lib/; fi
cp configs/*.yaml bundle/configs/
cp scripts/gpu_run.sh scripts/gpu_ab.sh scripts/unpack_bundle.sh bundle/
# The planted CUDA faults of the isolation stage, with their config.
mkdir -p bundle/tests/planted_cuda
cp build/tests/planted_cuda/* bundle/tests/planted_cuda/
# The planted escapes of the sandbox stage, with their config.
mkdir -p bundle/tests/planted_escapes
cp build/tests/planted_escapes/* bundle/tests/planted_escapes/
# The example course project with a planted off-by-one (tests/course), for the course stage.
mkdir -p bundle/tests/planted_course
cp build/tests/planted_course/*.so bundle/tests/planted_course/
mkdir -p bundle/share/parprim
cp runner/plot/plot_results.py bundle/share/parprim/
cp scripts/isolation_agreement.py bundle/
git describe --always --dirty --abbrev=12 > bundle/REVISION 2>/dev/null || echo unknown > bundle/REVISION
# The GPU attestation's input: the digest of the sources this bundle was built from, and the
# tool that writes the attestation there once every CUDA plugin's conformance passed.
python3 attestation/gpu_attestation.py sources > bundle/attested_sources.json
cp attestation/gpu_attestation.py bundle/

# The plugin template, built out of tree against an installation of this build, as its author
# would build it: its CUDA plugin is validated and timed on the GPU machine too.
template=bundle/examples/plugin_template
staging=$(mktemp -d)
trap 'rm -rf "$staging"' EXIT
cmake --install build --prefix "$staging/prefix" > /dev/null
cmake -S examples/plugin_template -B "$staging/template" -DCMAKE_PREFIX_PATH="$staging/prefix" \
  > /dev/null
cmake --build "$staging/template" -j "$(nproc)" > /dev/null
mkdir -p "$template/build/lib/parprim"
cp "$staging"/template/lib/parprim/*.so "$template/build/lib/parprim/"
cp examples/plugin_template/*.yaml "$template/"

# The shared libraries they need, except the C library's own, which every Linux has and which
# must match the machine's loader.
# The course corpus (issue 32), when asked for: each built submission's plugin and the files
# its table row reads, in the layout course_corpus.sh --run expects.
corpus_plugins=()
if [ -n "${CORPUS:-}" ]; then
  for work in "$CORPUS"/*/; do
    work=${work%/}
    name=$(basename "$work")
    [ -f "$work/submission" ] || continue
    mkdir -p "bundle/corpus/$name"
    cp "$work/submission" "$work/shaped" "bundle/corpus/$name/"
    # What the table says of a submission that did not build is read from its logs.
    cp "$work"/configure.log "$work"/build.log "bundle/corpus/$name/" 2> /dev/null || true
    plugin=$work/build/lib/parprim/parprim_plugin_my_project.so
    [ -f "$plugin" ] || continue
    mkdir -p "bundle/corpus/$name/build/lib/parprim"
    cp "$plugin" "bundle/corpus/$name/build/lib/parprim/"
    corpus_plugins+=("bundle/corpus/$name/build/lib/parprim/parprim_plugin_my_project.so")
  done
  cp scripts/course_corpus.sh bundle/
  echo "bundle.sh: ${#corpus_plugins[@]} course corpus plugins from $CORPUS"
fi

is_system_lib() {
  case "$(basename "$1")" in
    libc.so.*|libm.so.*|libdl.so.*|librt.so.*|libpthread.so.*|ld-linux*|linux-vdso*|libcuda.so*) return 0 ;;
    *) return 1 ;;
  esac
}
for f in bundle/bin/* bundle/lib/parprim/*.so bundle/tests/planted_cuda/*.so \
    bundle/tests/planted_course/*.so bundle/tests/planted_escapes/*.so \
    "$template"/build/lib/parprim/*.so "${corpus_plugins[@]}"; do
  ldd "$f" | awk '/=> \// { print $3 }' | while read -r lib; do
    is_system_lib "$lib" || cp -nL "$lib" bundle/lib/
  done
done

for f in bundle/bin/*; do patchelf --set-rpath '$ORIGIN/../lib' "$f"; done
for f in bundle/lib/parprim/*.so bundle/tests/planted_cuda/*.so; do
  patchelf --set-rpath '$ORIGIN/..' "$f"
done
patchelf --set-rpath '$ORIGIN/../../lib' bundle/tests/planted_cuda/*.so bundle/tests/planted_course/*.so \
  bundle/tests/planted_escapes/*.so
for f in bundle/lib/*.so*; do patchelf --set-rpath '$ORIGIN' "$f"; done
for f in "$template"/build/lib/parprim/*.so "${corpus_plugins[@]}"; do
  patchelf --set-rpath '$ORIGIN/../../../../../lib' "$f"
done

echo "bundle.sh: $(du -sh bundle | cut -f1) in bundle/:"
ls bundle/bin bundle/lib bundle/lib/parprim "$template/build/lib/parprim"
if [ "$compact" = 1 ]; then bash scripts/compact_bundle.sh bundle "${compact_options[@]}"; fi
