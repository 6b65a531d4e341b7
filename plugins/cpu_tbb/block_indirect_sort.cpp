#include <boost/sort/block_indirect_sort/block_indirect_sort.hpp>

#include "boost_sorts.hpp"
#include "parprim/host/comparison_sort.hpp"

namespace parprim::cpu_tbb {

std::unique_ptr<plan> make_block_indirect_sort(const problem& p, std::uint64_t n, int threads) {
  const auto sort = [threads](auto first, auto last, auto less) {
    boost::sort::block_indirect_sort(first, last, less, threads);
  };
  return host::make_comparison_sort_for(p, n, sort, false);
}

}  // namespace parprim::cpu_tbb
