#!/usr/bin/env bash
# Copies of the split's headers at commit $1 (default aefcb06: before step 47) into
# build/probe/before47/, made to be included inside `namespace before { ... }` beside the tree's
# (step47_ab.cpp): no #pragma once, and using-directives so that the copies find what the
# headers they include (already included, once) declare. As make_before37.sh of 12-02.
set -euo pipefail
commit=${1:-aefcb06}
mkdir -p build/probe/before47
for f in streaming_store bucket_chunks write_combining_scatter cache_radix_sort hybrid_radix_sort; do
  git show "$commit:plugins/host_common/include/parprim/host/$f.hpp" |
    sed 's/#pragma once//' |
    sed '0,/^namespace parprim::host {$/s//namespace parprim::host {\nusing namespace ::parprim::host;\nusing namespace ::parprim;/' \
      > "build/probe/before47/$f.hpp"
done
