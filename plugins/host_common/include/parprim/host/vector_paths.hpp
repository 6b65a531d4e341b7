// What vector code the CPU plugins chose at run time on this CPU, for their device description
// (the results' context): a table read later says which code ran (issue 35).
#pragma once

#include <string>

#include "parprim/host/avx512.hpp"
#include "parprim/host/cache_radix_sort.hpp"
#include "parprim/host/compact.hpp"
#include "parprim/host/utf8/isa.hpp"
#include "parprim/host/vector_digit_count.hpp"

namespace parprim::host {

/// "UTF-8 vector path avx512; compaction avx512; radix sort avx512 (...)", as this CPU runs
/// them: the radix sort's AVX-512 forms are the count of 32-bit keys (vector_digit_count.hpp,
/// in this CPU's form of it) and the in-cache quicksort of keys-only 32-bit integers
/// (vector_quicksort.hpp). Where the cache sort keeps its widest digits at every size
/// (cache_sort_narrows_digits_here false), that is said too.
inline std::string vector_paths() {
  return "UTF-8 vector path " + std::string(utf8::to_string(utf8::best_isa())) + "; compaction " +
         compact_isa() + "; radix sort " +
         (has_avx512f() ? std::string("avx512 (the count of 32-bit keys, its digits ") +
                              (vector_digit_reads() == digit_reads::memory ? "read back from memory"
                                                                           : "extracted") +
                              "; keys-only 32-bit integers in cache by quicksort)"
                        : std::string("scalar")) +
         (cache_sort_narrows_digits_here()
              ? ""
              : ", its passes in cache in the widest digits up to the cache sort's capacity");
}

}  // namespace parprim::host
