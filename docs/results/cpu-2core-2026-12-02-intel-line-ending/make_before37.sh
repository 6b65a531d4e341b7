#!/usr/bin/env bash
# Copies of streaming_store.hpp, write_combining_scatter.hpp, cache_radix_sort.hpp and
# hybrid_radix_sort.hpp at commit $1 (afd71dd: before step 37)
# into probe/before37/, made to be included inside `namespace before { ... }` beside the current
# ones (step37_ab.cpp): no #pragma once, and using-directives so that the copies find what the
# headers they include (already included, once) declare.
set -euo pipefail
commit=${1:-afd71dd}
mkdir -p probe/before37
for f in streaming_store write_combining_scatter cache_radix_sort hybrid_radix_sort; do
  git show "$commit:plugins/host_common/include/parprim/host/$f.hpp" |
    sed 's/#pragma once//' |
    sed '0,/^namespace parprim::host {$/s//namespace parprim::host {\nusing namespace ::parprim::host;\nusing namespace ::parprim;/' \
      > "probe/before37/$f.hpp"
done
