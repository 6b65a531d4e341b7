// A scan backend whose copy depends on its last plan's parameter, as the nccl plugin's does (its
// `gpus` moves the buffers, and the copy with them): with copy_ms=20 a copy takes 20 ms more.
// The runner must measure a copy baseline per parameter value, not one per size.
#include <chrono>
#include <thread>

#include "parprim/host/scan.hpp"
#include "parprim/host_backend.hpp"

namespace {
class placement_backend final : public parprim::host_backend {
 public:
  static parprim::plugin_info info() {
    return {.name = "planted_placement",
            .version = "0.0.1",
            .description = "exclusive scan whose copy is slowed by its plan's copy_ms (tests)",
            .domain = PARPRIM_DOMAIN_HOST,
            .variants = {{PARPRIM_OP_SCAN,
                          "placed",
                          "a correct scan",
                          PARPRIM_ALL_DTYPES,
                          PARPRIM_CAP_SCAN_EXCLUSIVE,
                          {{"copy_ms", "milliseconds every copy takes more", 0, {0, 20}}}}},
            .params = {}};
  }
  std::unique_ptr<parprim::plan> create_plan(const parprim::problem& p, std::uint64_t n) override {
    copy_ms_ = p.params.at("copy_ms");
    return parprim::dispatch_dtype(p.dtype, [&]<class T>() {
      return parprim::make_plan([n](const parprim_io& io) {
        parprim::host::scan_range<false>(parprim::io_in<T>(io), parprim::io_out<T>(io), n, T(0));
      });
    });
  }
  void copy(void* dst, const void* src, std::uint64_t bytes) override {
    std::this_thread::sleep_for(std::chrono::milliseconds(copy_ms_));
    parprim::host_backend::copy(dst, src, bytes);
  }

 private:
  std::int64_t copy_ms_ = 0;
};
}  // namespace

PARPRIM_PLUGIN(placement_backend)
