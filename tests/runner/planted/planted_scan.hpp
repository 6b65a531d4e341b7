// A host exclusive-scan backend with a planted bug, for the runner's tests. Each planted scan
// differs only in its Bug: names, a description, and the wrong scan itself.
#pragma once

#include <cstdint>
#include <memory>

#include "parprim/host_backend.hpp"

namespace parprim::test {

/// An exclusive scan variant over every element type: the one form the planted scans offer.
inline variant exclusive_scan_variant(const char* name, const char* description) {
  return {PARPRIM_OP_SCAN, name, description, PARPRIM_ALL_DTYPES, PARPRIM_CAP_SCAN_EXCLUSIVE, {}};
}

template <class Bug>
class planted_scan_backend : public host_backend {
 public:
  static plugin_info info() {
    return {.name = Bug::name,
            .version = "0.0.1",
            .description = Bug::description,
            .domain = PARPRIM_DOMAIN_HOST,
            .variants = {exclusive_scan_variant(Bug::variant, Bug::variant_description)},
            .params = {}};
  }
  std::unique_ptr<plan> create_plan(const problem& p, std::uint64_t n) override {
    return dispatch_dtype(p.dtype, [&]<class T>() {
      return make_plan([n](const parprim_io& io) { Bug::scan(io_in<T>(io), io_out<T>(io), n); });
    });
  }
};

}  // namespace parprim::test
