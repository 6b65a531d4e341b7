#include "measurement/state_arena.hpp"

#include <algorithm>
#include <cstring>

namespace parprim::runner {
namespace {

// Arrays start on page boundaries: aligned for any vector load, and a worker's read-only
// mapping of one array never shares a page with another.
constexpr std::uint64_t alignment = 4096;
std::uint64_t aligned(std::uint64_t bytes) {
  return (bytes + alignment - 1) / alignment * alignment;
}

void copy_into(std::byte* base, std::uint64_t offset, const host_array& a) {
  if (a.bytes()) std::memcpy(base + offset, a.data(), a.bytes());
}

}  // namespace

nlohmann::json to_json(const arena_layout& l) {
  return {{"region_bytes", l.region_bytes},
          {"dtype", int(l.dtype)},
          {"n", l.n},
          {"values_offset", l.values_offset ? nlohmann::json(*l.values_offset) : nullptr},
          {"expected_offset", l.expected_offset},
          {"expected_n", l.expected_n},
          {"expected_dtype", int(l.expected_dtype)},
          {"expected_first_error", l.expected_first_error},
          {"expected_values_offset",
           l.expected_values_offset ? nlohmann::json(*l.expected_values_offset) : nullptr},
          {"expected_count", l.expected_count},
          {"has_expected", l.has_expected}};
}

arena_layout layout_from_json(const nlohmann::json& j) {
  arena_layout l;
  l.region_bytes = j.at("region_bytes").get<std::uint64_t>();
  l.dtype = static_cast<parprim_dtype>(j.at("dtype").get<int>());
  l.n = j.at("n").get<std::uint64_t>();
  if (!j.at("values_offset").is_null()) l.values_offset = j["values_offset"].get<std::uint64_t>();
  l.expected_offset = j.at("expected_offset").get<std::uint64_t>();
  l.expected_n = j.at("expected_n").get<std::uint64_t>();
  l.expected_dtype = static_cast<parprim_dtype>(j.at("expected_dtype").get<int>());
  l.expected_first_error = j.at("expected_first_error").get<std::uint64_t>();
  if (!j.at("expected_values_offset").is_null())
    l.expected_values_offset = j["expected_values_offset"].get<std::uint64_t>();
  l.expected_count = j.at("expected_count").get<std::uint64_t>();
  l.has_expected = j.at("has_expected").get<bool>();
  return l;
}

state_views views_of(const std::byte* base, const arena_layout& l) {
  auto view = [&](std::uint64_t offset, std::uint64_t n, parprim_dtype dtype) {
    return host_array::borrow(dtype, n, const_cast<std::byte*>(base) + offset);
  };
  state_views v;
  v.in = view(0, l.n, l.dtype);
  if (l.values_offset) v.values = view(*l.values_offset, l.n, l.dtype);
  if (l.has_expected) {
    v.expected.out = view(l.expected_offset, l.expected_n, l.expected_dtype);
    if (l.expected_values_offset)
      v.expected.values_out = view(*l.expected_values_offset, l.n, l.dtype);
    v.expected.count = l.expected_count;
    v.expected.first_error = l.expected_first_error;
  }
  return v;
}

void state_arena::remap(std::uint64_t bytes) {
  // Never empty: a state of n = 0 still hands out real (if zero-length) arrays, not null ones.
  bytes = std::max(bytes, alignment);
  layout_.region_bytes = bytes;
  std::byte* base = region_.resize(bytes);
  views_ = views_of(base, layout_);
}

void state_arena::set_inputs(host_array in, std::optional<host_array> values) {
  layout_ = arena_layout{};
  layout_.dtype = in.dtype();
  layout_.n = in.size();
  std::uint64_t end = aligned(in.bytes());
  if (values) {
    layout_.values_offset = end;
    end += aligned(values->bytes());
  }
  inputs_end_ = end;
  remap(end);
  copy_into(region_.data(), 0, in);
  if (values) copy_into(region_.data(), *layout_.values_offset, *values);
}

void state_arena::set_expected(reference_output expected) {
  // The region is remapped first (the inputs' bytes stay where they are), then filled.
  layout_.has_expected = false;
  layout_.expected_offset = inputs_end_;
  layout_.expected_n = expected.out.size();
  layout_.expected_dtype = expected.out.dtype();
  std::uint64_t end = inputs_end_ + aligned(expected.out.bytes());
  layout_.expected_values_offset.reset();
  if (expected.values_out.data()) {  // sort pairs (a default array has no storage)
    layout_.expected_values_offset = end;
    end += aligned(expected.values_out.bytes());
  }
  layout_.expected_count = expected.count;
  layout_.expected_first_error = expected.first_error;
  layout_.has_expected = true;
  remap(end);
  copy_into(region_.data(), layout_.expected_offset, expected.out);
  if (layout_.expected_values_offset)
    copy_into(region_.data(), *layout_.expected_values_offset, expected.values_out);
}

}  // namespace parprim::runner
