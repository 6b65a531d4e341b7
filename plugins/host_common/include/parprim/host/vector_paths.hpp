// What vector code the CPU plugins chose at run time on this CPU, for their device description
// (the results' context): a table read later says which code ran (issue 35).
#pragma once

#include <string>

#include "parprim/host/compact.hpp"
#include "parprim/host/utf8/isa.hpp"
#include "parprim/host/vector_quicksort.hpp"

namespace parprim::host {

/// "UTF-8 vector path avx512; compaction avx512; keys-only radix sorts of 32-bit integers in
/// cache by avx512 quicksort", as this CPU runs them.
inline std::string vector_paths() {
  return "UTF-8 vector path " + std::string(utf8::to_string(utf8::best_isa())) + "; compaction " +
         compact_isa() + "; keys-only radix sorts of 32-bit integers in cache by " +
         (vector_quicksort_supported() ? "avx512 quicksort" : "radix passes");
}

}  // namespace parprim::host
