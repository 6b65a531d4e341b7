#include "parprim/cuda/nvml_clocks.hpp"

#include <dlfcn.h>

#include <map>
#include <string>
#include <type_traits>

#include "parprim/cuda/check.hpp"
#include "parprim/plugin.hpp"

namespace parprim::cuda {
namespace {

// The few declarations of nvml.h used here (NVML's C ABI is stable; the toolkit here ships no
// nvml.h). Every call returns nvmlReturn_t, 0 for success.
using nvml_device = struct nvml_device_opaque*;
constexpr int nvml_clock_sm = 1, nvml_clock_mem = 2;

struct nvml_library {
  int (*init)();
  int (*handle_by_pci_bus_id)(const char*, nvml_device*);
  int (*clock)(nvml_device, int, unsigned*);
  int (*max_clock)(nvml_device, int, unsigned*);
  int (*reasons)(nvml_device, unsigned long long*);
  std::string unavailable;  // empty when all of the above are usable

  nvml_library() {
    void* lib = dlopen("libnvidia-ml.so.1", RTLD_NOW | RTLD_LOCAL);
    if (!lib) {
      unavailable = std::string("NVML not loaded: ") + dlerror();
      return;
    }
    auto find = [&](auto& fn, const char* name) {
      fn = reinterpret_cast<std::remove_reference_t<decltype(fn)>>(dlsym(lib, name));
      if (!fn && unavailable.empty()) unavailable = std::string("NVML lacks ") + name;
    };
    find(init, "nvmlInit_v2");
    find(handle_by_pci_bus_id, "nvmlDeviceGetHandleByPciBusId_v2");
    find(clock, "nvmlDeviceGetClockInfo");
    find(max_clock, "nvmlDeviceGetMaxClockInfo");
    // Renamed in NVML 12.2; the old name stays exported for older drivers.
    reasons =
        reinterpret_cast<decltype(reasons)>(dlsym(lib, "nvmlDeviceGetCurrentClocksEventReasons"));
    if (!reasons) find(reasons, "nvmlDeviceGetCurrentClocksThrottleReasons");
    if (unavailable.empty())
      if (const int r = init(); r != 0)
        unavailable = "nvmlInit_v2 failed with NVML error " + std::to_string(r);
    // Never dlclosed: the handles stay valid until the process exits.
  }
};

[[noreturn]] void unavailable(const std::string& why) {
  throw error(PARPRIM_UNAVAILABLE, why);
}

}  // namespace

parprim_clocks read_nvml_clocks(int device) {
  static const nvml_library nvml;
  if (!nvml.unavailable.empty()) unavailable(nvml.unavailable);
  char id[32] = {};
  PARPRIM_CUDA_CHECK(cudaDeviceGetPCIBusId(id, sizeof id, device));
  const std::string pci_bus_id = id;
  static std::map<std::string, nvml_device> devices;
  auto [it, added] = devices.try_emplace(pci_bus_id, nullptr);
  if (added && nvml.handle_by_pci_bus_id(pci_bus_id.c_str(), &it->second) != 0) {
    devices.erase(it);
    unavailable("NVML does not know the device at PCI " + pci_bus_id);
  }
  parprim_clocks c{};
  unsigned long long reasons = 0;
  if (nvml.clock(it->second, nvml_clock_sm, &c.sm_mhz) != 0 ||
      nvml.clock(it->second, nvml_clock_mem, &c.memory_mhz) != 0 ||
      nvml.max_clock(it->second, nvml_clock_sm, &c.max_sm_mhz) != 0 ||
      nvml.max_clock(it->second, nvml_clock_mem, &c.max_memory_mhz) != 0 ||
      nvml.reasons(it->second, &reasons) != 0)
    unavailable("NVML could not read the clocks of the device at PCI " + pci_bus_id);
  c.throttle_reasons = reasons;
  return c;
}

}  // namespace parprim::cuda
