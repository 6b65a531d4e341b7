#!/usr/bin/env bash
# Configures parprim with Debian 12's FindCUDAToolkit.cmake exactly as cmake-data ships it (the
# machines this is developed on carry a locally patched copy, which hid issue 13's configure
# error "set_property could not find TARGET CUDA::nvToolsExt" with CUDA 13). Downloads the
# package from the Debian mirror; exits 77 (skipped) when the mirror or nvcc is not there.
#   configure_with_stock_cmake.sh SOURCE_DIR SCRATCH_DIR
set -uo pipefail
source_dir=$1
scratch=$2
rm -rf "$scratch"
mkdir -p "$scratch/modules"
cd "$scratch"
[ -x /usr/local/cuda/bin/nvcc ] || command -v nvcc > /dev/null || { echo "no nvcc: skipped"; exit 77; }
version=$(dpkg-query -W -f='${Version}' cmake-data 2>/dev/null) || { echo "no cmake-data: skipped"; exit 77; }
if ! apt-get download "cmake-data=$version" > download.log 2>&1; then
  echo "cannot download cmake-data $version: skipped"
  cat download.log
  exit 77
fi
dpkg -x cmake-data_*.deb stock
modules=$(echo stock/usr/share/cmake-*/Modules)
cp "$modules"/FindCUDAToolkit.cmake "$modules"/FindPackageHandleStandardArgs.cmake \
  "$modules"/FindPackageMessage.cmake modules/
cmake -S "$source_dir" -B build -G Ninja -DCMAKE_MODULE_PATH="$scratch/modules" \
  -DPARPRIM_BUILD_TESTS=OFF > configure.log 2>&1
status=$?
grep -E "CMake Error|CUDA plugins" configure.log
if [ $status -ne 0 ]; then
  echo "FAIL: configure with the stock FindCUDAToolkit.cmake of cmake-data $version"
  exit 1
fi
grep -q "CUDA plugins enabled" configure.log || { echo "FAIL: CUDA was not enabled"; exit 1; }
echo "configure with the stock FindCUDAToolkit.cmake of cmake-data $version: ok"

# The installed package finds the toolkit for parprim::cuda_common the same way
# (parprimConfig.cmake calls parprim_find_cuda_toolkit(QUIET)): so must a plugin's project.
mkdir -p package_probe
cat > package_probe/CMakeLists.txt <<CMAKE
cmake_minimum_required(VERSION 3.25)
project(package_probe LANGUAGES CXX)
include($source_dir/cmake/parprim_enable_cuda.cmake)
parprim_find_cuda_toolkit(QUIET)
if(NOT CUDAToolkit_FOUND)
  message(FATAL_ERROR "the CUDA toolkit was not found")
endif()
CMAKE
if ! cmake -S package_probe -B package_probe/build -DCMAKE_MODULE_PATH="$scratch/modules" \
    > package_probe.log 2>&1; then
  grep -A3 "CMake Error" package_probe.log
  echo "FAIL: a plugin project with the stock FindCUDAToolkit.cmake"
  exit 1
fi
echo "a plugin project's find of the toolkit with the stock module: ok"
