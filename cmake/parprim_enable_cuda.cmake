# parprim_find_cuda_toolkit([REQUIRED|QUIET]): find_package(CUDAToolkit) that also works with
# the FindCUDAToolkit of CMake 3.25 (Debian 12's). That module marks CUDA::nvToolsExt deprecated
# whenever the project requires CMake >= 3.25, without checking that the target exists; CUDA 13
# no longer ships libnvToolsExt, so the configure stops with "set_property could not find TARGET
# CUDA::nvToolsExt". The deprecation note is the only use of the version there, so the module
# is shown an older minimum while it runs (tests/build/configure_with_stock_cmake.sh checks
# parprim's build; scripts/check_fresh_debian.sh the installed package too).
macro(parprim_find_cuda_toolkit)
  set(_parprim_saved_minimum "${CMAKE_MINIMUM_REQUIRED_VERSION}")
  if(CMAKE_MINIMUM_REQUIRED_VERSION VERSION_GREATER_EQUAL 3.25)
    set(CMAKE_MINIMUM_REQUIRED_VERSION 3.24)
  endif()
  find_package(CUDAToolkit ${ARGN})
  set(CMAKE_MINIMUM_REQUIRED_VERSION "${_parprim_saved_minimum}")
  unset(_parprim_saved_minimum)
endmacro()

# parprim_enable_cuda(<result_var>)
#
# Enables the CUDA language when nvcc is found (CMAKE_CUDA_COMPILER, PATH, or
# /usr/local/cuda/bin), compiling for sm_90 (H100/H200) unless CMAKE_CUDA_ARCHITECTURES says
# otherwise, in C++20; sets <result_var> to ON, or OFF when there is no nvcc. Used by parprim's
# own build and, installed with its CMake package, by out-of-tree CUDA plugins.
# A macro, because enable_language() must run at file scope.
macro(parprim_enable_cuda result_var)
  set(${result_var} OFF)
  if(NOT CMAKE_CUDA_COMPILER AND EXISTS /usr/local/cuda/bin/nvcc)
    set(CMAKE_CUDA_COMPILER /usr/local/cuda/bin/nvcc)
  endif()
  include(CheckLanguage)
  check_language(CUDA)
  if(CMAKE_CUDA_COMPILER)
    if(NOT DEFINED CMAKE_CUDA_ARCHITECTURES)
      set(CMAKE_CUDA_ARCHITECTURES 90)
    endif()
    enable_language(CUDA)
    # CMake 3.25 knows nvcc's C++20 flag only for the nvcc versions it has seen; tell it for
    # newer ones (nvcc 13), so that CUDA_STANDARD 20 works.
    if(NOT CMAKE_CUDA20_STANDARD_COMPILE_OPTION)
      set(CMAKE_CUDA20_STANDARD_COMPILE_OPTION "-std=c++20")
      set(CMAKE_CUDA20_EXTENSION_COMPILE_OPTION "-std=c++20")
    endif()
    set(CMAKE_CUDA_STANDARD 20)
    set(CMAKE_CUDA_STANDARD_REQUIRED ON)
    parprim_find_cuda_toolkit(REQUIRED)
    set(${result_var} ON)
  endif()
endmacro()
