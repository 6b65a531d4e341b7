#include <boost/sort/parallel_stable_sort/parallel_stable_sort.hpp>

#include "boost_sorts.hpp"
#include "parprim/host/comparison_sort.hpp"

namespace parprim::cpu_tbb {

std::unique_ptr<plan> make_parallel_stable_sort(const problem& p, std::uint64_t n, int threads) {
  const auto sort = [threads](auto first, auto last, auto less) {
    boost::sort::parallel_stable_sort(first, last, less, threads);
  };
  return host::make_comparison_sort_for(p, n, sort, true);
}

}  // namespace parprim::cpu_tbb
