#!/usr/bin/env bash
# Installs every system dependency parprim needs from Debian 12's packages.
# Run as root on a fresh machine. Safe to re-run: apt-get skips what is present.
set -euo pipefail

packages=(
  build-essential cmake ninja-build git pkg-config
  libtbb-dev          # cpu_tbb backend
  libyaml-cpp-dev     # runner configs
  libboost-dev        # Boost.DLL (header-only) for the plugin loader
  catch2              # tests (Catch2 2.13)
  libfmt-dev          # formatting in the runner
  libcli11-dev        # runner command line
  nlohmann-json3-dev  # canonical JSON results
  libicu-dev          # the icu plugin: ICU's UTF-8 converter beside parprim's (issue 33)
  libhwy-dev          # cpu_seq's vqsort variant: Highway's VQSort beside the radix sort (issue 35)
  patchelf            # scripts/bundle.sh sets $ORIGIN rpaths on what it copies
  python3-matplotlib  # `runner plot` (runner/plot/plot_results.py)
  python3-venv        # scripts/numpy_reference.py makes its own environment for numpy
  clang libclang-rt-14-dev  # the config reader's fuzzer (libFuzzer; scripts/run_fuzzers.sh)
)

if [ "$(id -u)" -ne 0 ]; then
  echo "install_deps.sh: must run as root (it calls apt-get)" >&2
  exit 1
fi

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  echo "install_deps.sh: all packages present"
  exit 0
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update
apt-get install -y --no-install-recommends "${missing[@]}"
