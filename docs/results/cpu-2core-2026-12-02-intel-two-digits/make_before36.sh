#!/usr/bin/env bash
# Copies of cache_radix_sort.hpp and hybrid_radix_sort.hpp at commit $1 (80169d4: before step 36)
# into probe/before36/, made to be included inside `namespace before { ... }` beside the current
# ones (step36_ab.cpp): no #pragma once, and using-directives so that the copies find what the
# headers they include (already included, once) declare.
set -euo pipefail
commit=${1:-80169d4}
mkdir -p probe/before36
for f in cache_radix_sort hybrid_radix_sort; do
  git show "$commit:plugins/host_common/include/parprim/host/$f.hpp" |
    sed 's/#pragma once//' |
    sed '0,/^namespace parprim::host {$/s//namespace parprim::host {\nusing namespace ::parprim::host;\nusing namespace ::parprim;/' \
      > "probe/before36/$f.hpp"
done
