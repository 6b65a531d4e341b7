// A pretend GPU for the sample modes' tests (runner/src/sampler.cpp): a correct exclusive scan
// in host memory that declares the device domain, so the runner samples it as it does a GPU
// (cold by default, through the stream hold), and offers every measurement hook. Its faults are
// chosen by the environment, which the runner's workers inherit:
//   PARPRIM_PLANTED_CLOCK_DROP_AFTER=k  the SM clock reads its maximum (2000 MHz) k times, then
//                                       1500 MHz: a throttled state
//   PARPRIM_PLANTED_HOLD_TIMES_OUT=1    every stream hold has ended by its timeout, as when a
//                                       run() waits for the GPU inside the call
//   PARPRIM_PLANTED_NO_CLOCKS=1         the clocks cannot be read, as on a machine without NVML
#include <cstdlib>
#include <string>

#include "parprim/host/scan.hpp"
#include "planted_scan.hpp"

namespace {

struct correct_scan {
  static constexpr const char* name = "planted_measurement_hooks";
  static constexpr const char* description =
      "a host scan posing as a GPU, with every measurement hook (for tests)";
  static constexpr const char* variant = "sequential";
  static constexpr const char* variant_description = "exclusive scan";
  template <class T>
  static void scan(const T* in, T* out, std::uint64_t n) {
    parprim::host::scan_range<false>(in, out, n, T(0));
  }
};

long environment_number(const char* name, long otherwise) {
  const char* text = std::getenv(name);
  return text ? std::strtol(text, nullptr, 10) : otherwise;
}

class pretend_gpu final : public parprim::test::planted_scan_backend<correct_scan> {
 public:
  static parprim::plugin_info info() {
    parprim::plugin_info i = planted_scan_backend::info();
    i.domain = PARPRIM_DOMAIN_DEVICE;
    return i;
  }

  void hold_stream() override { held_ = true; }
  bool release_stream() override {
    if (!held_) throw parprim::error(PARPRIM_ERROR, "release_stream without a hold");
    held_ = false;
    return environment_number("PARPRIM_PLANTED_HOLD_TIMES_OUT", 0) != 0;
  }
  parprim_clocks read_clocks() override {
    if (environment_number("PARPRIM_PLANTED_NO_CLOCKS", 0) != 0)
      throw parprim::error(PARPRIM_UNAVAILABLE, "NVML not loaded: planted");
    const long drop_after = environment_number("PARPRIM_PLANTED_CLOCK_DROP_AFTER", -1);
    const bool dropped = drop_after >= 0 && readings_++ >= drop_after;
    return {dropped ? 1500u : 2000u, 2619u, 2000u, 2619u, dropped ? 0x4ull : 0ull};
  }

 private:
  bool held_ = false;
  long readings_ = 0;
};

}  // namespace

PARPRIM_PLUGIN(pretend_gpu)
