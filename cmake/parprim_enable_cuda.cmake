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

# parprim_detect_cuda_architectures(<out_var>)
#
# The compute capabilities of the GPUs visible at configure time ("86;90"), read with
# nvidia-smi, so that a plugin built on a student's laptop runs on its GPU; 90 (H100/H200) when
# no GPU is visible (a build machine, CI) or nvidia-smi cannot say.
function(parprim_detect_cuda_architectures out_var)
  set(archs "")
  find_program(PARPRIM_NVIDIA_SMI nvidia-smi)
  mark_as_advanced(PARPRIM_NVIDIA_SMI)
  if(PARPRIM_NVIDIA_SMI)
    execute_process(COMMAND ${PARPRIM_NVIDIA_SMI} --query-gpu=compute_cap --format=csv,noheader
                    OUTPUT_VARIABLE caps RESULT_VARIABLE rc ERROR_QUIET TIMEOUT 20)
    if(rc EQUAL 0)
      string(REGEX MATCHALL "[0-9]+\\.[0-9]+" caps "${caps}")
      foreach(cap IN LISTS caps)
        string(REPLACE "." "" arch "${cap}")
        list(APPEND archs ${arch})
      endforeach()
      list(REMOVE_DUPLICATES archs)
      list(SORT archs COMPARE NATURAL)
    endif()
  endif()
  if(archs)
    set(why "the GPU visible at configure time")
  else()
    set(archs 90)
    set(why "no GPU visible at configure time: H100/H200")
  endif()
  list(JOIN archs ", sm_" shown)
  message(STATUS "parprim: CUDA code for sm_${shown} (${why}; choose with "
                 "-DCMAKE_CUDA_ARCHITECTURES=...)")
  set(${out_var} "${archs}" PARENT_SCOPE)
endfunction()

# parprim_enable_cuda(<result_var>)
#
# Enables the CUDA language when nvcc is found (CMAKE_CUDA_COMPILER, PATH, or
# /usr/local/cuda/bin), in C++20, compiling for CMAKE_CUDA_ARCHITECTURES when it is set, else
# for the GPUs visible at configure time, else sm_90 (parprim_detect_cuda_architectures); sets
# <result_var> to ON, or OFF when there is no nvcc. Used by parprim's own build and, installed
# with its CMake package, by out-of-tree CUDA plugins.
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
      parprim_detect_cuda_architectures(_parprim_cuda_archs)
      set(CMAKE_CUDA_ARCHITECTURES "${_parprim_cuda_archs}" CACHE STRING
          "CUDA architectures to build for (parprim: the visible GPUs, else 90)")
      unset(_parprim_cuda_archs)
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
