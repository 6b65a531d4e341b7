# CUDA is optional: when nvcc is found the CUDA plugins are built, otherwise they are skipped
# with a message. The architectures are those of the GPUs visible at configure time, else sm_90
# (H100/H200); override with -DCMAKE_CUDA_ARCHITECTURES=... .
include(parprim_enable_cuda)
option(PARPRIM_ENABLE_CUDA "Build the CUDA plugins when nvcc is found" ON)
set(PARPRIM_HAVE_CUDA OFF)
if(PARPRIM_ENABLE_CUDA)
  parprim_enable_cuda(PARPRIM_HAVE_CUDA)
  if(PARPRIM_HAVE_CUDA)
    message(STATUS "parprim: CUDA plugins enabled (nvcc ${CMAKE_CUDA_COMPILER_VERSION}, sm_${CMAKE_CUDA_ARCHITECTURES})")
  else()
    message(STATUS "parprim: nvcc not found; CUDA plugins are skipped")
  endif()
else()
  message(STATUS "parprim: CUDA disabled (PARPRIM_ENABLE_CUDA=OFF); CUDA plugins are skipped")
endif()
