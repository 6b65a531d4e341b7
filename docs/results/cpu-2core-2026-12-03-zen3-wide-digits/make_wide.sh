#!/usr/bin/env bash
# A copy of cache_radix_sort.hpp at commit $1 (59e99a7: before step 39) into probe/wide/, its
# wide digits reaching WIDE_BYTES (the probe's -D) instead of wide_digit_bytes' 64 KiB, made to
# be included inside `namespace wide { ... }` beside the repository's (cache_wide_probe.cpp):
# no #pragma once, and using-directives so that the copy finds what the headers it includes
# (already included, once) declare.
set -euo pipefail
commit=${1:-59e99a7}
mkdir -p probe/wide
git show "$commit:plugins/host_common/include/parprim/host/cache_radix_sort.hpp" |
  sed 's/#pragma once//' |
  sed '0,/^namespace parprim::host {$/s//namespace parprim::host {\nusing namespace ::parprim::host;\nusing namespace ::parprim;/' |
  sed 's/static constexpr std::size_t wide_digit_bytes = 2 \* l1_bytes;/static constexpr std::size_t wide_digit_bytes = WIDE_BYTES;/' \
    > probe/wide/cache_radix_sort.hpp
grep -q WIDE_BYTES probe/wide/cache_radix_sort.hpp
