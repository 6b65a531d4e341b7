// A scan backend with a planted bug: its exclusive scan starts from 1 instead of 0 once the
// input is longer than 100 elements. The runner must report it as failed with the mismatch,
// go on with the other backends, and exit with status 1.
#include "parprim/host/scan.hpp"
#include "parprim/host_backend.hpp"

namespace {
class off_by_one_backend final : public parprim::host_backend {
 public:
  static parprim::plugin_info info() {
    return {.name = "planted_off_by_one",
            .version = "0.0.1",
            .description = "exclusive scan off by one above 100 elements (for tests)",
            .domain = PARPRIM_DOMAIN_HOST,
            .variants = {{PARPRIM_OP_SCAN,
                          "wrong",
                          "starts from 1",
                          PARPRIM_ALL_DTYPES,
                          PARPRIM_CAP_SCAN_EXCLUSIVE,
                          {}}},
            .params = {}};
  }
  std::unique_ptr<parprim::plan> create_plan(const parprim::problem& p, std::uint64_t n) override {
    return parprim::dispatch_dtype(p.dtype, [&]<class T>() {
      return parprim::make_plan([n](const parprim_io& io) {
        parprim::host::scan_range<false>(parprim::io_in<T>(io), parprim::io_out<T>(io), n,
                                         T(n > 100 ? 1 : 0));
      });
    });
  }
};
}  // namespace

PARPRIM_PLUGIN(off_by_one_backend)
