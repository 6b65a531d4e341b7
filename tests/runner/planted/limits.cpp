// A backend with planted limits, standing in for a GPU that runs out of memory or crashes: its
// allocations above 1 MiB fail with PARPRIM_OUT_OF_MEMORY, and a run of exactly 777 elements
// fails with PARPRIM_DEVICE_LOST (a sticky error). The runner must skip the first with the
// reason, and after the second fail every later state of this backend without running it.
#include "parprim/host/scan.hpp"
#include "parprim/host_backend.hpp"

namespace {
class limits_backend final : public parprim::host_backend {
 public:
  static parprim::plugin_info info() {
    return {.name = "planted_limits",
            .version = "0.0.1",
            .description = "1 MiB of memory; loses its device at n = 777 (for tests)",
            .domain = PARPRIM_DOMAIN_DEVICE,
            .variants = {{PARPRIM_OP_SCAN,
                          "limited",
                          "a correct scan within its limits",
                          PARPRIM_ALL_DTYPES,
                          parprim::every_scan,
                          {}}},
            .params = {}};
  }
  void* allocate(std::uint64_t bytes) override {
    if (bytes > (1u << 20))
      throw parprim::error(PARPRIM_OUT_OF_MEMORY,
                           "planted: " + std::to_string(bytes) + " bytes exceed the 1 MiB device");
    return host_backend::allocate(bytes);
  }
  std::unique_ptr<parprim::plan> create_plan(const parprim::problem& p, std::uint64_t n) override {
    return parprim::dispatch_dtype(p.dtype, [&]<class T>() {
      return parprim::make_plan(
          [n, inclusive = p.scan_kind == PARPRIM_SCAN_INCLUSIVE](const parprim_io& io) {
            if (n == 777) throw parprim::error(PARPRIM_DEVICE_LOST, "planted: illegal address");
            parprim::host::scan_range(parprim::io_in<T>(io), parprim::io_out<T>(io), n, T(0),
                                      inclusive);
          });
    });
  }
};
}  // namespace

PARPRIM_PLUGIN(limits_backend)
