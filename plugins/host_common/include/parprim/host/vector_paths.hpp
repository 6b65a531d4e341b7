// What vector code the CPU plugins chose at run time on this CPU, for their device description
// (the results' context): a table read later says which code ran (issue 35).
#pragma once

#include <string>

#include "parprim/host/compact.hpp"
#include "parprim/host/utf8/isa.hpp"

namespace parprim::host {

/// "UTF-8 vector path avx512; compaction avx512", as this CPU runs them.
inline std::string vector_paths() {
  return "UTF-8 vector path " + std::string(utf8::to_string(utf8::best_isa())) + "; compaction " +
         compact_isa();
}

}  // namespace parprim::host
