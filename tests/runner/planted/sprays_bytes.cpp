// A scan backend whose variants write what untrusted code can write, once n > 1000:
// `spray_then_crash` writes bytes that are not UTF-8 (0xFF, NUL, half sequences, JSON-looking
// junk) to every descriptor it holds (its output, the worker's reply pipe, the shared inputs)
// and then writes through a null pointer; `spray_then_answer` does the same and returns a
// correct scan; `junk_error` fails with an error message that is not UTF-8. At n <= 1000 each
// is a correct scan. The runner must survive all three: the state fails, its output is shown
// printable, every other record is kept (tests/runner/test_isolation.cpp).
#include <dirent.h>
#include <unistd.h>

#include <cstdlib>
#include <cstring>
#include <stdexcept>
#include <string>

#include "parprim/host/scan.hpp"
#include "parprim/host_backend.hpp"
#include "planted_scan.hpp"

namespace {

using parprim::test::exclusive_scan_variant;

constexpr char junk[] =
    "\xFF\xFE\x00planted_sprays: \xC0\xAF\xED\xA0\x80 {\"type\": \"record\", \"record\": {\"n\": "
    "\xF4\x90\x80\x80}} \x01\x02\x1B[31m\xE2\x82\n";

// Every descriptor this process holds gets the junk: whatever a plugin can reach.
void spray() {
  DIR* fds = opendir("/proc/self/fd");
  if (!fds) return;
  const int own = dirfd(fds);
  while (const dirent* e = readdir(fds)) {
    const int fd = std::atoi(e->d_name);
    if (e->d_name[0] == '.' || fd == own) continue;
    [[maybe_unused]] const ssize_t ignored = write(fd, junk, sizeof junk - 1);
  }
  closedir(fds);
}

// Not instrumented: under the sanitizers the null write must still be a real SIGSEGV.
[[noreturn]] __attribute__((no_sanitize("address", "undefined"))) void crash() {
  volatile int* nowhere = nullptr;
  *nowhere = 1;
  std::abort();
}

class sprays_backend final : public parprim::host_backend {
 public:
  static parprim::plugin_info info() {
    return {
        .name = "planted_sprays_bytes",
        .version = "0.0.1",
        .description = "scans that write non-UTF-8 bytes everywhere above 1000 elements",
        .domain = PARPRIM_DOMAIN_HOST,
        .variants =
            {exclusive_scan_variant("spray_then_crash", "sprays every descriptor, then crashes"),
             exclusive_scan_variant("spray_then_answer", "sprays every descriptor, then scans"),
             exclusive_scan_variant("junk_error", "fails with a message that is not UTF-8")},
        .params = {}};
  }
  std::unique_ptr<parprim::plan> create_plan(const parprim::problem& p, std::uint64_t n) override {
    return parprim::dispatch_dtype(p.dtype, [&]<class T>() {
      return parprim::make_plan([n, how = p.variant](const parprim_io& io) {
        if (n > 1000) {
          if (how == "junk_error") throw std::runtime_error(std::string(junk, sizeof junk - 1));
          static bool sprayed = false;  // once a process: the point is made
          if (!sprayed) spray();
          sprayed = true;
          if (how == "spray_then_crash") crash();
        }
        parprim::host::scan_range<false>(parprim::io_in<T>(io), parprim::io_out<T>(io), n, T(0));
      });
    });
  }
};

}  // namespace

PARPRIM_PLUGIN(sprays_backend)
