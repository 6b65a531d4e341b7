// A scan backend with a parameter, for the conformance suite's --params: `start` is where its
// exclusive scan starts (0 is correct, 1 is off by one), and it refuses start=99 as UNSUPPORTED,
// standing in for a tile shape too large for the device.
#include "parprim/host/scan.hpp"
#include "parprim/host_backend.hpp"

namespace {
class tunable_backend final : public parprim::host_backend {
 public:
  static parprim::plugin_info info() {
    return {.name = "planted_tunable",
            .version = "0.0.1",
            .description = "exclusive scan from a chosen start (for tests)",
            .domain = PARPRIM_DOMAIN_HOST,
            .variants = {{PARPRIM_OP_SCAN,
                          "from_start",
                          "correct at start=0",
                          PARPRIM_ALL_DTYPES,
                          PARPRIM_CAP_SCAN_EXCLUSIVE,
                          {{"start", "the scan's first value", 0, {0, 1, 99}}}}},
            .params = {}};
  }
  std::unique_ptr<parprim::plan> create_plan(const parprim::problem& p, std::uint64_t n) override {
    const std::int64_t start = p.params.at("start");
    if (start == 99) throw parprim::error(PARPRIM_UNSUPPORTED, "planted: start=99 does not fit");
    return parprim::dispatch_dtype(p.dtype, [&]<class T>() {
      return parprim::make_plan([n, start](const parprim_io& io) {
        parprim::host::scan_range<false>(parprim::io_in<T>(io), parprim::io_out<T>(io), n,
                                         T(start));
      });
    });
  }
};
}  // namespace

PARPRIM_PLUGIN(tunable_backend)
