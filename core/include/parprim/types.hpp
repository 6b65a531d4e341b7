// Element types and operation names shared by the runner, the oracle and the plugins.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>

#include "parprim/plugin_abi.h"

namespace parprim {

template <class T>
struct dtype_of;
template <>
struct dtype_of<std::int32_t> {
  static constexpr parprim_dtype value = PARPRIM_I32;
};
template <>
struct dtype_of<std::uint32_t> {
  static constexpr parprim_dtype value = PARPRIM_U32;
};
template <>
struct dtype_of<std::int64_t> {
  static constexpr parprim_dtype value = PARPRIM_I64;
};
template <>
struct dtype_of<std::uint64_t> {
  static constexpr parprim_dtype value = PARPRIM_U64;
};
template <>
struct dtype_of<float> {
  static constexpr parprim_dtype value = PARPRIM_F32;
};
template <>
struct dtype_of<double> {
  static constexpr parprim_dtype value = PARPRIM_F64;
};

inline constexpr parprim_dtype all_dtypes[] = {PARPRIM_I32, PARPRIM_U32, PARPRIM_I64,
                                               PARPRIM_U64, PARPRIM_F32, PARPRIM_F64};
inline constexpr parprim_operation all_operations[] = {PARPRIM_OP_SCAN, PARPRIM_OP_COMPACT,
                                                       PARPRIM_OP_SORT};

/// Calls fn.template operator()<T>() with T the C++ type of `dtype`.
template <class Fn>
decltype(auto) dispatch_dtype(parprim_dtype dtype, Fn&& fn) {
  switch (dtype) {
    case PARPRIM_I32:
      return fn.template operator()<std::int32_t>();
    case PARPRIM_U32:
      return fn.template operator()<std::uint32_t>();
    case PARPRIM_I64:
      return fn.template operator()<std::int64_t>();
    case PARPRIM_U64:
      return fn.template operator()<std::uint64_t>();
    case PARPRIM_F32:
      return fn.template operator()<float>();
    case PARPRIM_F64:
      return fn.template operator()<double>();
  }
  throw std::invalid_argument("unknown element type " + std::to_string(int(dtype)));
}

inline std::size_t dtype_size(parprim_dtype dtype) {
  return dispatch_dtype(dtype, []<class T>() { return sizeof(T); });
}
inline bool is_float(parprim_dtype dtype) {
  return dtype == PARPRIM_F32 || dtype == PARPRIM_F64;
}

namespace detail {

template <class E, std::size_t N>
using name_table = std::array<std::pair<E, std::string_view>, N>;

constexpr name_table<parprim_dtype, 6> dtype_names{{{PARPRIM_I32, "i32"},
                                                    {PARPRIM_U32, "u32"},
                                                    {PARPRIM_I64, "i64"},
                                                    {PARPRIM_U64, "u64"},
                                                    {PARPRIM_F32, "f32"},
                                                    {PARPRIM_F64, "f64"}}};
constexpr name_table<parprim_operation, 3> operation_names{
    {{PARPRIM_OP_SCAN, "scan"}, {PARPRIM_OP_COMPACT, "compact"}, {PARPRIM_OP_SORT, "sort"}}};
constexpr name_table<parprim_scan_kind, 2> scan_kind_names{
    {{PARPRIM_SCAN_EXCLUSIVE, "exclusive"}, {PARPRIM_SCAN_INCLUSIVE, "inclusive"}}};
constexpr name_table<parprim_predicate, 2> predicate_names{
    {{PARPRIM_PRED_NONZERO, "nonzero"}, {PARPRIM_PRED_GREATER_THAN, "greater_than"}}};
constexpr name_table<parprim_sort_order, 2> order_names{
    {{PARPRIM_SORT_ASCENDING, "ascending"}, {PARPRIM_SORT_DESCENDING, "descending"}}};
constexpr name_table<parprim_sort_payload, 2> payload_names{
    {{PARPRIM_SORT_KEYS, "keys"}, {PARPRIM_SORT_PAIRS, "pairs"}}};
constexpr name_table<parprim_timing_basis, 2> timing_names{
    {{PARPRIM_TIMING_RESIDENT, "resident"}, {PARPRIM_TIMING_OWN_REGION, "own_region"}}};
constexpr name_table<parprim_status, 7> status_names{
    {{PARPRIM_OK, "ok"},
     {PARPRIM_ERROR, "error"},
     {PARPRIM_UNSUPPORTED, "unsupported"},
     {PARPRIM_OUT_OF_MEMORY, "out of memory"},
     {PARPRIM_UNAVAILABLE, "unavailable"},
     {PARPRIM_INVALID_ARGUMENT, "invalid argument"},
     {PARPRIM_DEVICE_LOST, "device lost"}}};

template <class E, std::size_t N>
std::string_view name_of(const name_table<E, N>& table, E value) {
  for (const auto& [e, name] : table)
    if (e == value) return name;
  return "unknown";
}

template <class E, std::size_t N>
std::optional<E> parse(const name_table<E, N>& table, std::string_view name) {
  for (const auto& [e, n] : table)
    if (n == name) return e;
  return std::nullopt;
}

}  // namespace detail

inline std::string_view to_string(parprim_dtype v) {
  return detail::name_of(detail::dtype_names, v);
}
inline std::string_view to_string(parprim_operation v) {
  return detail::name_of(detail::operation_names, v);
}
inline std::string_view to_string(parprim_scan_kind v) {
  return detail::name_of(detail::scan_kind_names, v);
}
inline std::string_view to_string(parprim_predicate v) {
  return detail::name_of(detail::predicate_names, v);
}
inline std::string_view to_string(parprim_sort_order v) {
  return detail::name_of(detail::order_names, v);
}
inline std::string_view to_string(parprim_sort_payload v) {
  return detail::name_of(detail::payload_names, v);
}
inline std::string_view to_string(parprim_timing_basis v) {
  return detail::name_of(detail::timing_names, v);
}
inline std::string_view to_string(parprim_status v) {
  return detail::name_of(detail::status_names, v);
}

inline std::optional<parprim_dtype> parse_dtype(std::string_view n) {
  return detail::parse(detail::dtype_names, n);
}
inline std::optional<parprim_operation> parse_operation(std::string_view n) {
  return detail::parse(detail::operation_names, n);
}
inline std::optional<parprim_scan_kind> parse_scan_kind(std::string_view n) {
  return detail::parse(detail::scan_kind_names, n);
}
inline std::optional<parprim_predicate> parse_predicate(std::string_view n) {
  return detail::parse(detail::predicate_names, n);
}
inline std::optional<parprim_sort_order> parse_sort_order(std::string_view n) {
  return detail::parse(detail::order_names, n);
}
inline std::optional<parprim_sort_payload> parse_sort_payload(std::string_view n) {
  return detail::parse(detail::payload_names, n);
}
inline std::optional<parprim_timing_basis> parse_timing_basis(std::string_view n) {
  return detail::parse(detail::timing_names, n);
}

}  // namespace parprim
