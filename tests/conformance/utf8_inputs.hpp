// The UTF-8 operations' conformance inputs (issue and docs/semantics.md): the standard's
// examples, every short string over the bytes where Table 3-7's ranges turn, each ill-formed
// class at every offset around the block, tile and part boundaries of the backends, every
// scalar value, and the text distributions at the edge sizes.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "parprim/host_array.hpp"

namespace parprim::conformance {

struct named_input {
  std::string name;  // what a failure message calls it, with its seed where it has one
  std::function<host_array()> make;  // made only when some plugin will run it
};

/// Inputs of utf8_decode (bytes).
std::vector<named_input> utf8_decode_inputs();
/// Inputs of utf8_encode (code points).
std::vector<named_input> utf8_encode_inputs();

}  // namespace parprim::conformance
