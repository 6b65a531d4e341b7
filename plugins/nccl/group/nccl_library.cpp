#include "group/nccl_library.hpp"

#include <dlfcn.h>
#include <cstdlib>

#include "parprim/plugin.hpp"

namespace parprim::nccl {
namespace {

// Multicast over NVLink (NVLS) stays off: on the lent multi-GPU machines it can put the host's
// GPUs out of service. A user who sets the variable keeps their own value
// (docs/algorithms/multi_gpu.md).
void keep_nvls_off() {
  setenv("NCCL_NVLS_ENABLE", "0", /*overwrite=*/0);
}

template <class Fn>
bool bind(void* handle, const char* name, Fn& fn, std::string& missing) {
  fn = reinterpret_cast<Fn>(dlsym(handle, name));
  if (!fn) missing += missing.empty() ? name : std::string(", ") + name;
  return fn != nullptr;
}

struct opened {
  nccl_library lib;
  std::string why_not;  // empty when lib is usable
};

opened open_once() {
  opened o;
  keep_nvls_off();
  void* handle = dlopen("libnccl.so.2", RTLD_NOW | RTLD_LOCAL);
  if (!handle) handle = dlopen(PARPRIM_NCCL_FALLBACK_PATH, RTLD_NOW | RTLD_LOCAL);
  if (!handle) {
    o.why_not = std::string("NCCL not found (libnccl.so.2 is not on the loader's path nor at ") +
                PARPRIM_NCCL_FALLBACK_PATH + ")";
    return o;
  }
  std::string missing;
  auto& l = o.lib;
  bind(handle, "ncclGetVersion", l.get_version, missing);
  bind(handle, "ncclGetErrorString", l.error_string, missing);
  bind(handle, "ncclCommInitAll", l.comm_init_all, missing);
  bind(handle, "ncclCommDestroy", l.comm_destroy, missing);
  bind(handle, "ncclGroupStart", l.group_start, missing);
  bind(handle, "ncclGroupEnd", l.group_end, missing);
  bind(handle, "ncclAllGather", l.all_gather, missing);
  bind(handle, "ncclReduce", l.reduce, missing);
  bind(handle, "ncclSend", l.send, missing);
  bind(handle, "ncclRecv", l.recv, missing);
  if (!missing.empty()) o.why_not = "the NCCL library lacks " + missing;
  return o;
}

}  // namespace

std::string nccl_library::version() const {
  int code = 0;
  if (get_version(&code) != ncclSuccess) return "unknown";
  // NCCL_VERSION(X, Y, Z) = X * 10000 + Y * 100 + Z since 2.9.
  return std::to_string(code / 10000) + "." + std::to_string(code / 100 % 100) + "." +
         std::to_string(code % 100);
}

const nccl_library* open_nccl(std::string* why_not) {
  static const opened o = open_once();  // never closed: NCCL keeps threads of its own
  if (!o.why_not.empty()) {
    if (why_not) *why_not = o.why_not;
    return nullptr;
  }
  return &o.lib;
}

void check(ncclResult_t result, const char* call) {
  if (result == ncclSuccess) return;
  const nccl_library* lib = open_nccl();
  const std::string text = lib ? lib->error_string(result) : "NCCL error";
  throw error(PARPRIM_ERROR, std::string(call) + " failed: " + text + " (ncclResult " +
                                 std::to_string(int(result)) + ")");
}

}  // namespace parprim::nccl
