// my_scan: a complete parprim plugin in one file, a sequential prefix scan on the CPU.
//
// Copy this folder, rename the plugin, and put your own algorithm in run_scan(). What each part
// means is in parprim's docs/writing-a-plugin.md.
#include <cstdint>
#include <memory>

#include "parprim/host_backend.hpp"  // host memory domain and a steady-clock timer
#include "parprim/plugin.hpp"        // backend, plan, PARPRIM_PLUGIN
#include "parprim/wrapping.hpp"      // wrapping_t: integer sums wrap, as parprim's reference does

namespace my_scan {

// The algorithm. Integers are summed in their unsigned type, so that an overflow wraps (defined
// behaviour, and what the reference computes); floats are summed left to right.
template <class T>
void run_scan(const T* in, T* out, std::uint64_t n, bool inclusive) {
  using Sum = parprim::wrapping_t<T>;
  Sum running = 0;
  for (std::uint64_t i = 0; i < n; ++i) {
    const Sum x = static_cast<Sum>(in[i]);
    if (inclusive) running += x;
    out[i] = static_cast<T>(running);
    if (!inclusive) running += x;
  }
}

// host_backend gives the memory domain (aligned host buffers) and the timer; a backend adds
// what it offers (info) and how to plan a problem (create_plan).
class my_scan_backend final : public parprim::host_backend {
 public:
  static parprim::plugin_info info() {
    return {
        .name = "my_scan",
        .version = "0.1.0",
        .description = "template plugin: a sequential scan",
        .domain = PARPRIM_DOMAIN_HOST,
        .variants = {{.operation = PARPRIM_OP_SCAN,
                      .name = "sequential",
                      .description = "one pass, left to right",
                      .dtypes = PARPRIM_ALL_DTYPES,
                      .flags = parprim::every_scan,  // exclusive and inclusive
                      .params = {}}},
        .params = {},
    };
  }

  // Called once per problem and size, outside the timed region: allocate scratch here. The
  // plan's run() is what the runner times, so it must not allocate.
  std::unique_ptr<parprim::plan> create_plan(const parprim::problem& p, std::uint64_t n) override {
    const bool inclusive = p.scan_kind == PARPRIM_SCAN_INCLUSIVE;
    return parprim::dispatch_dtype(p.dtype, [&]<class T>() -> std::unique_ptr<parprim::plan> {
      return parprim::make_plan([n, inclusive](const parprim_io& io) {
        run_scan<T>(parprim::io_in<T>(io), parprim::io_out<T>(io), n, inclusive);
      });
    });
  }
};

}  // namespace my_scan

PARPRIM_PLUGIN(my_scan::my_scan_backend)
