// Boost.Sort's parallel sorts as cpu_tbb's comparison variants, each in a translation unit of
// its own: their templates, instantiated for every element type and record layout, are most of
// the plugin's compile time, and apart they compile in parallel with the rest of it.
#pragma once

#include <cstdint>
#include <memory>

#include "parprim/plugin.hpp"

namespace parprim::cpu_tbb {

/// boost::sort::block_indirect_sort on `threads` threads of its own (not stable).
std::unique_ptr<plan> make_block_indirect_sort(const problem& p, std::uint64_t n, int threads);
/// boost::sort::parallel_stable_sort on `threads` threads of its own.
std::unique_ptr<plan> make_parallel_stable_sort(const problem& p, std::uint64_t n, int threads);

}  // namespace parprim::cpu_tbb
