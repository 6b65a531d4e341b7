// `runner inputs RESULTS.json --out DIR`: the input of every state of a results file,
// regenerated from its seed exactly as the sweep made it, for comparisons that run outside the
// runner (scripts/cpython_reference.py times CPython's UTF-8 codec on them).
#pragma once

#include <filesystem>
#include <iosfwd>

#include <nlohmann/json.hpp>

namespace parprim::runner {

/// Writes each distinct input of `results` (one per operation, element type, size,
/// distribution, seed and error rate; backends and forms share it) as its raw bytes to
/// DIR/input_K.bin, and DIR/inputs.json: a list of {file, operation, type, n, distribution,
/// seed, errors, bytes}. Returns the exit status (0, or 2 with the record or file at fault named
/// on `err`).
int write_state_inputs(const nlohmann::json& results, const std::filesystem::path& dir,
                       std::ostream& err);

}  // namespace parprim::runner
