#!/usr/bin/env bash
# Copies of the headers at commit $1 (13f24af: before step 32) into probe/before/, made to be
# included inside `namespace before { ... }` beside the current ones (step32_ab.cpp): no
# #pragma once, the macros #undef'd before they are defined again, and using-directives so that
# the copies find what the headers they include (already included, once) declare.
set -euo pipefail
commit=${1:-13f24af}
mkdir -p probe/before
for f in vector_sorting_network vector_quicksort in_place_quicksort cache_radix_sort hybrid_radix_sort; do
  git show "$commit:plugins/host_common/include/parprim/host/$f.hpp" > "probe/before/$f.hpp"
done
git show "$commit:plugins/cpu_tbb/parallel_in_place_sort.hpp" > probe/before/parallel_in_place_sort.hpp
python3 - <<'PY'
edits = {
    "vector_sorting_network": (["PARPRIM_VSN_TARGET", "PARPRIM_VSN_INLINE", "PARPRIM_VSN_UNROLL"], []),
    "vector_quicksort": (["PARPRIM_VQS_TARGET", "PARPRIM_VQS_INLINE", "PARPRIM_VQS_UNROLL"],
                         [("namespace parprim::host {\n", "using namespace ::parprim::host;\n"),
                          ("namespace vector_sort_detail {\n", "using namespace ::parprim::host::vector_sort_detail;\n")]),
    "in_place_quicksort": (["PARPRIM_IPQ_TARGET", "PARPRIM_IPQ_UNROLL"],
                           [("namespace parprim::host {\n", "using namespace ::parprim::host;\n")]),
    "cache_radix_sort": ([], [("namespace parprim::host {\n", "using namespace ::parprim::host;\nusing namespace ::parprim;\n")]),
    "hybrid_radix_sort": ([], [("namespace parprim::host {\n", "using namespace ::parprim::host;\nusing namespace ::parprim;\n")]),
    "parallel_in_place_sort": ([], [("namespace parprim::cpu_tbb {\n", "using ::parprim::cpu_tbb::blocks;\n")]),
}
for name, (macros, usings) in edits.items():
    path = f"probe/before/{name}.hpp"
    s = open(path).read().replace("#pragma once", "")
    if macros:
        s = s.replace("#define " + macros[0], "".join(f"#undef {m}\n" for m in macros) + "#define " + macros[0], 1)
    for opening, using in usings:
        s = s.replace(opening, opening + using, 1)
    open(path, "w").write(s)
PY
