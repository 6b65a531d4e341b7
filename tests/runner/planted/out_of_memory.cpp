// A scan backend that runs out of memory: `in_plan` when its plan is made (a size it cannot
// hold: the state is skipped), `in_run` inside run(), after its plan and buffers were made (the
// state fails: the backend said it could hold the size).
#include "parprim/host/scan.hpp"
#include "parprim/host_backend.hpp"
#include "planted_scan.hpp"

namespace {

using parprim::test::exclusive_scan_variant;

class out_of_memory_backend final : public parprim::host_backend {
 public:
  static parprim::plugin_info info() {
    return {.name = "planted_out_of_memory",
            .version = "0.0.1",
            .description = "scans that run out of memory when planned or when run",
            .domain = PARPRIM_DOMAIN_HOST,
            .variants = {exclusive_scan_variant("in_plan", "out of memory when its plan is made"),
                         exclusive_scan_variant("in_run", "out of memory inside run()")},
            .params = {}};
  }
  std::unique_ptr<parprim::plan> create_plan(const parprim::problem& p, std::uint64_t) override {
    if (p.variant == "in_plan")
      throw parprim::error(PARPRIM_OUT_OF_MEMORY, "planted: no room for the plan");
    return parprim::make_plan([](const parprim_io&) {
      throw parprim::error(PARPRIM_OUT_OF_MEMORY, "planted: out of memory inside run()");
    });
  }
};

}  // namespace

PARPRIM_PLUGIN(out_of_memory_backend)
