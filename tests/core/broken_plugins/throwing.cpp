// A well-formed plugin whose create_plan throws: the authoring layer must turn the exception
// into a status and a message instead of letting it cross the boundary.
#include <stdexcept>

#include "parprim/host_backend.hpp"

namespace {
class throwing_backend final : public parprim::host_backend {
 public:
  static parprim::plugin_info info() {
    return {.name = "broken_throwing",
            .version = "0.0.1",
            .description = "create_plan throws",
            .domain = PARPRIM_DOMAIN_HOST,
            .variants = {{PARPRIM_OP_SCAN,
                          "throws",
                          "always throws",
                          PARPRIM_ALL_DTYPES,
                          PARPRIM_CAP_SCAN_EXCLUSIVE,
                          {}}},
            .params = {}};
  }
  std::unique_ptr<parprim::plan> create_plan(const parprim::problem&, std::uint64_t) override {
    throw std::runtime_error("create_plan exploded on purpose");
  }
};
}  // namespace

PARPRIM_PLUGIN(throwing_backend)
