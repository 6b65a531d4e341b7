// "Did you mean ...?": the nearest of a set of names to a misspelt one.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace parprim::runner {

/// Edit distance between two names (insertions, deletions, substitutions, and swaps of two
/// neighbouring letters, each costing 1).
std::size_t edit_distance(const std::string& a, const std::string& b);

/// The candidate nearest to `name`, when it is near enough to be a likely misspelling (at most
/// a third of the name's letters, and at least 2, changed); nothing otherwise.
std::optional<std::string> closest_name(const std::string& name,
                                        const std::vector<std::string>& candidates);

}  // namespace parprim::runner
