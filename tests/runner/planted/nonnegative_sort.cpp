// A sort that orders keys by their bits as unsigned integers, as a course radix sort over all
// 32 bits does: right for keys >= 0, wrong as soon as one is negative. It declares that domain
// (PARPRIM_CAP_SORT_NONNEGATIVE_KEYS): the runner must skip it, saying so, on inputs with a
// negative key, and run it on the others; the conformance suite must pass it on every input
// class, each brought into its domain.
#include <algorithm>
#include <type_traits>

#include "parprim/host_backend.hpp"

namespace {

class nonnegative_sort_backend final : public parprim::host_backend {
 public:
  static parprim::plugin_info info() {
    return {.name = "planted_nonnegative_sort",
            .version = "0.0.1",
            .description = "a sort of keys >= 0 only, ordering bits as unsigned (for tests)",
            .domain = PARPRIM_DOMAIN_HOST,
            .variants = {{PARPRIM_OP_SORT,
                          "unsigned_order",
                          "orders keys by their bits as unsigned",
                          PARPRIM_DTYPE_BIT(PARPRIM_I32) | PARPRIM_DTYPE_BIT(PARPRIM_I64),
                          PARPRIM_CAP_SORT_KEYS | PARPRIM_CAP_SORT_ASCENDING |
                              PARPRIM_CAP_SORT_NONNEGATIVE_KEYS,
                          {}}},
            .params = {}};
  }
  std::unique_ptr<parprim::plan> create_plan(const parprim::problem& p, std::uint64_t n) override {
    return parprim::dispatch_dtype(p.dtype, [&]<class T>() {
      return parprim::make_plan([n](const parprim_io& io) {
        const T* in = parprim::io_in<T>(io);
        T* out = parprim::io_out<T>(io);
        std::copy(in, in + n, out);
        if constexpr (std::is_integral_v<T>) {  // the only types it declares
          using U = std::make_unsigned_t<T>;
          std::sort(out, out + n, [](T a, T b) { return U(a) < U(b); });
        }
      });
    });
  }
};

}  // namespace

PARPRIM_PLUGIN(nonnegative_sort_backend)
