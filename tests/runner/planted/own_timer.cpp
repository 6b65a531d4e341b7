// A host scan that times a region of its own call, as a course project does with its timer:
// each run allocates and fills a staging copy of the input (standing in for cudaMalloc and the
// copies a course function makes), then scans, timing only the scan. The runner must report the
// timed region as the sample, marked as the plugin's own, with the whole call beside it.
// Two more variants time no region in some runs, as course code without a timer (`untimed`) or
// with one its call did not start in every run (`sometimes_timed`): the runner must keep their
// valid results, timed as whole calls.
#include <chrono>
#include <vector>

#include "parprim/host/scan.hpp"
#include "parprim/host_backend.hpp"

namespace {

enum class region { always, never, every_other_run };

template <class T>
class own_timer_plan final : public parprim::plan {
 public:
  own_timer_plan(std::uint64_t n, region r) : n_(n), region_(r) {}
  void run(const parprim_io& io) override {
    const T* in = parprim::io_in<T>(io);
    std::vector<T> staged(in, in + n_);  // outside the timed region, as a course's cudaMalloc
    const auto t0 = std::chrono::steady_clock::now();
    parprim::host::scan_range(staged.data(), parprim::io_out<T>(io), n_, T(0), false);
    seconds_ = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    ++runs_;
  }
  double own_time() const override {
    if (region_ == region::never || (region_ == region::every_other_run && runs_ % 2 == 0))
      throw parprim::error(PARPRIM_UNSUPPORTED, "no region timed in this run (for tests)");
    return seconds_;
  }

 private:
  std::uint64_t n_;
  region region_;
  double seconds_ = 0;
  std::uint64_t runs_ = 0;
};

class own_timer_backend final : public parprim::host_backend {
 public:
  static parprim::plugin_info info() {
    return {.name = "planted_own_timer",
            .version = "0.0.1",
            .description = "a scan that times the scan inside its call (for tests)",
            .domain = PARPRIM_DOMAIN_HOST,
            .variants = {{PARPRIM_OP_SCAN,
                          "timed_region",
                          "exclusive scan of a staged copy; only the scan is timed",
                          PARPRIM_DTYPE_BIT(PARPRIM_I32),
                          PARPRIM_CAP_SCAN_EXCLUSIVE,
                          {}},
                         {PARPRIM_OP_SCAN,
                          "untimed",
                          "the same, timing no region",
                          PARPRIM_DTYPE_BIT(PARPRIM_I32),
                          PARPRIM_CAP_SCAN_EXCLUSIVE,
                          {}},
                         {PARPRIM_OP_SCAN,
                          "sometimes_timed",
                          "the same, timing a region every other run",
                          PARPRIM_DTYPE_BIT(PARPRIM_I32),
                          PARPRIM_CAP_SCAN_EXCLUSIVE,
                          {}}},
            .params = {},
            .timing = PARPRIM_TIMING_OWN_REGION};
  }
  std::unique_ptr<parprim::plan> create_plan(const parprim::problem& p, std::uint64_t n) override {
    const region r = p.variant == "untimed"           ? region::never
                     : p.variant == "sometimes_timed" ? region::every_other_run
                                                      : region::always;
    return std::make_unique<own_timer_plan<std::int32_t>>(n, r);
  }
};

}  // namespace

PARPRIM_PLUGIN(own_timer_backend)
