// A record as JSON and back: the canonical results' records, the lines of the record log, a
// worker's answer, and what --resume reads are all this one form.
#pragma once

#include <nlohmann/json.hpp>

#include "records/record.hpp"

namespace parprim::runner {

nlohmann::json record_to_json(const record& r);

/// JSON text of `j` with every string's ill-formed UTF-8 replaced by U+FFFD: strings a plugin
/// gave (its error messages, its names) may hold any bytes, and writing a record never throws
/// for them. Every record the runner writes goes through this.
std::string json_text(const nlohmann::json& j, int indent = -1);
/// Reads what record_to_json wrote (derived fields such as gb_per_second are ignored). Throws
/// std::exception on a malformed record.
record record_from_json(const nlohmann::json& j);

/// What identifies a record within a sweep: benchmark, operation form, type, variant,
/// parameters, size, distribution, seed and backend. --resume skips a state whose key is
/// already recorded.
std::string record_key(const record& r);

}  // namespace parprim::runner
