// NCCL, opened at run time: the plugin loads and answers "unavailable" on a machine whose CUDA
// toolkit has no libnccl, instead of failing to load. The entry points the plugin uses are typed
// from nccl.h, so a signature that changes is a compile error, not a crash.
#pragma once

#include <nccl.h>

#include <string>

namespace parprim::nccl {

struct nccl_library {
  decltype(&::ncclGetVersion) get_version = nullptr;
  decltype(&::ncclGetErrorString) error_string = nullptr;
  decltype(&::ncclCommInitAll) comm_init_all = nullptr;
  decltype(&::ncclCommDestroy) comm_destroy = nullptr;
  decltype(&::ncclGroupStart) group_start = nullptr;
  decltype(&::ncclGroupEnd) group_end = nullptr;
  decltype(&::ncclAllGather) all_gather = nullptr;
  decltype(&::ncclReduce) reduce = nullptr;
  decltype(&::ncclSend) send = nullptr;
  decltype(&::ncclRecv) recv = nullptr;

  /// "2.28.9"
  std::string version() const;
};

/// The library, opened once: libnccl.so.2 from the loader's path, else from the CUDA toolkit
/// the plugin was built against. Null when neither opens or lacks an entry point; `why_not`
/// then says which.
const nccl_library* open_nccl(std::string* why_not = nullptr);

/// Throws parprim::error naming the call when `result` is not ncclSuccess.
void check(ncclResult_t result, const char* call);

}  // namespace parprim::nccl

#define PARPRIM_NCCL_CHECK(call) ::parprim::nccl::check((call), #call)
