# cmake -DSOURCE_DIR=... -DWORK_DIR=... -P detect_cuda_architectures.cmake
# parprim_detect_cuda_architectures against stand-ins for nvidia-smi: two GPUs of one kind and
# one of another give both architectures once each; a failing nvidia-smi, and one that cannot
# be run, give the sm_90 default.
include(${SOURCE_DIR}/cmake/parprim_enable_cuda.cmake)
file(MAKE_DIRECTORY ${WORK_DIR})

function(expect_archs script_body want)
  file(WRITE ${WORK_DIR}/nvidia-smi "#!/bin/sh\n${script_body}\n")
  file(CHMOD ${WORK_DIR}/nvidia-smi PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE)
  set(PARPRIM_NVIDIA_SMI ${WORK_DIR}/nvidia-smi CACHE FILEPATH "" FORCE)
  parprim_detect_cuda_architectures(got)
  if(NOT got STREQUAL want)
    message(FATAL_ERROR "nvidia-smi doing '${script_body}': got '${got}', expected '${want}'")
  endif()
endfunction()

expect_archs("printf '8.6\\n9.0\\n8.6\\n'" "86;90")
expect_archs("echo 12.0" "120")
expect_archs("echo 'NVIDIA-SMI has failed' >&2; exit 9" "90")
set(PARPRIM_NVIDIA_SMI ${WORK_DIR}/no-such-nvidia-smi CACHE FILEPATH "" FORCE)
parprim_detect_cuda_architectures(got)
if(NOT got STREQUAL "90")
  message(FATAL_ERROR "with no nvidia-smi to run: got '${got}', expected '90'")
endif()
message(STATUS "detect_cuda_architectures: all cases passed")
