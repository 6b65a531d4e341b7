// A scan backend whose variants each misbehave the way untrusted code does, once n > 1000:
// `segv` writes through a null pointer, `abort` fails an assertion, `exit` calls exit(1) (as the
// course template's error check does), `hang` never returns, `throw` throws. At n <= 1000 each
// is a correct scan. The runner must record each fault as that state's failure, with its
// reason, and lose nothing of the other states or backends (docs/isolation.md).
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <stdexcept>

#include "parprim/host/scan.hpp"
#include "parprim/host_backend.hpp"
#include "planted_scan.hpp"

namespace {

using parprim::test::exclusive_scan_variant;

// Not instrumented: under the sanitizers (the asan preset) the null write must still be a real
// SIGSEGV, not a sanitizer's report and exit.
[[noreturn]] __attribute__((no_sanitize("address", "undefined"))) void misbehave(
    const std::string& how) {
  std::fprintf(stderr, "planted_faults: about to %s\n", how.c_str());
  std::fflush(stderr);
  if (how == "segv") {
    volatile int* nowhere = nullptr;
    *nowhere = 1;
  } else if (how == "abort") {
    std::abort();
  } else if (how == "exit") {
    std::exit(1);
  } else if (how == "hang") {
    while (true) pause();
  }
  throw std::runtime_error("planted: thrown from run");
}

class faults_backend final : public parprim::host_backend {
 public:
  static parprim::plugin_info info() {
    return {.name = "planted_faults",
            .version = "0.0.1",
            .description = "scans that crash, abort, exit, hang or throw above 1000 elements",
            .domain = PARPRIM_DOMAIN_HOST,
            .variants = {exclusive_scan_variant("segv", "writes through a null pointer"),
                         exclusive_scan_variant("abort", "calls abort()"),
                         exclusive_scan_variant("exit", "calls exit(1)"),
                         exclusive_scan_variant("hang", "never returns"),
                         exclusive_scan_variant("throw", "throws a C++ exception")},
            .params = {}};
  }
  std::unique_ptr<parprim::plan> create_plan(const parprim::problem& p, std::uint64_t n) override {
    return parprim::dispatch_dtype(p.dtype, [&]<class T>() {
      return parprim::make_plan([n, how = p.variant](const parprim_io& io) {
        if (n > 1000) misbehave(how);
        parprim::host::scan_range<false>(parprim::io_in<T>(io), parprim::io_out<T>(io), n, T(0));
      });
    });
  }
};

}  // namespace

PARPRIM_PLUGIN(faults_backend)
