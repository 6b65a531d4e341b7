// Loads, but reports that it cannot run on this machine.
#include <stdexcept>

#include "parprim/host_backend.hpp"

namespace {
class unavailable_backend final : public parprim::host_backend {
 public:
  static parprim::plugin_info info() {
    return {.name = "broken_unavailable",
            .version = "0.0.1",
            .description = "never available",
            .domain = PARPRIM_DOMAIN_HOST,
            .variants = {{PARPRIM_OP_SCAN,
                          "none",
                          "never runs",
                          PARPRIM_ALL_DTYPES,
                          PARPRIM_CAP_SCAN_EXCLUSIVE,
                          {}}},
            .params = {}};
  }
  std::string unavailable_reason() override { return "no frobnicator on this machine"; }
  std::unique_ptr<parprim::plan> create_plan(const parprim::problem&, std::uint64_t) override {
    throw parprim::error(PARPRIM_UNAVAILABLE, "no frobnicator on this machine");
  }
};
}  // namespace

PARPRIM_PLUGIN(unavailable_backend)
