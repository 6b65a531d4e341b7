#!/usr/bin/env bash
# Copies of four_way_split.hpp and parallel_in_place_sort.hpp at commit $1 (63a8fcf: before step
# 34) into probe/before34/, to be included inside `namespace before { ... }` beside the current
# ones (step34_ab.cpp): no #pragma once, and using-directives so that the copies find what the
# headers they include (already included, once) declare. Build, from probe/:
#   g++ -O3 -std=c++20 -march=x86-64-v3 -I../plugins/host_common/include -I../plugins/cpu_tbb -I. \
#     ../docs/results/cpu-2core-2026-12-02-zen5-whole-stores/step34_ab.cpp -ltbb -o step34_ab
set -euo pipefail
commit=${1:-63a8fcf}
mkdir -p probe/before34
git show "$commit:plugins/host_common/include/parprim/host/four_way_split.hpp" > probe/before34/four_way_split.hpp
git show "$commit:plugins/cpu_tbb/parallel_in_place_sort.hpp" > probe/before34/parallel_in_place_sort.hpp
python3 - <<'PY'
p = 'probe/before34/four_way_split.hpp'
s = open(p).read().replace('#pragma once', '')
s = s.replace('namespace parprim::host::four_way_split {\n',
              'namespace parprim::host { using namespace ::parprim::host; }\n'
              'namespace parprim::host::four_way_split {\nusing namespace ::parprim::host;\n', 1)
open(p, 'w').write(s)
p = 'probe/before34/parallel_in_place_sort.hpp'
s = open(p).read().replace('#pragma once', '')
s = s.replace('namespace parprim::cpu_tbb {\n', 'namespace parprim::cpu_tbb {\nusing ::parprim::cpu_tbb::blocks;\n', 1)
open(p, 'w').write(s)
PY
