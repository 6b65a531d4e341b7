// One state's input and the oracle's expected output, made once by the runner and placed in
// memory shared with the worker processes (docs/isolation.md): every backend reads the very
// same bytes, and nothing is regenerated or sent through a pipe per backend.
#pragma once

#include <cstdint>
#include <optional>

#include <nlohmann/json.hpp>

#include "parprim/host_array.hpp"
#include "parprim/isolation/shared_region.hpp"
#include "parprim/reference.hpp"

namespace parprim::runner {

/// Where each array lies in the shared region: what a worker needs to find them.
struct arena_layout {
  std::uint64_t region_bytes = 0;
  parprim_dtype dtype = PARPRIM_I32;
  std::uint64_t n = 0;
  std::optional<std::uint64_t> values_offset;  // sort pairs
  std::uint64_t expected_offset = 0, expected_n = 0;
  parprim_dtype expected_dtype = PARPRIM_I32;  // the input's, or a UTF-8 operation's output's
  std::optional<std::uint64_t> expected_values_offset;
  std::uint64_t expected_count = 0;
  std::uint64_t expected_first_error = 0;  // utf8_decode validate
  bool has_expected = false;
};
nlohmann::json to_json(const arena_layout& l);
arena_layout layout_from_json(const nlohmann::json& j);

/// Views of the arrays of a mapped region: non-owning host_arrays.
struct state_views {
  host_array in;
  std::optional<host_array> values;
  reference_output expected;  // borrowed arrays; valid when the layout has_expected
  const host_array* values_ptr() const { return values ? &*values : nullptr; }
};
/// The views into a region mapped at `base` with layout `l` (the input starts at offset 0).
state_views views_of(const std::byte* base, const arena_layout& l);

/// The runner's side: fills the region one state at a time.
class state_arena {
 public:
  explicit state_arena(isolation::shared_region& region) : region_(region) {}

  /// The state's input (and pair values), copied into the region; the originals are freed.
  void set_inputs(host_array in, std::optional<host_array> values);
  /// The oracle's output for one form of the state, after the inputs (replacing an earlier
  /// form's).
  void set_expected(reference_output expected);

  const state_views& views() const { return views_; }
  const arena_layout& layout() const { return layout_; }

 private:
  void remap(std::uint64_t bytes);
  isolation::shared_region& region_;
  arena_layout layout_;
  std::uint64_t inputs_end_ = 0;
  state_views views_;
};

}  // namespace parprim::runner
