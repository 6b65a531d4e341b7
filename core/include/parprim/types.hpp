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
struct dtype_of<std::uint8_t> {
  static constexpr parprim_dtype value = PARPRIM_U8;
};
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

/// The element types of scan, compact and sort (bytes, PARPRIM_U8, are the UTF-8 operations'
/// alone, and never an array operation's element type).
inline constexpr parprim_dtype all_dtypes[] = {PARPRIM_I32, PARPRIM_U32, PARPRIM_I64,
                                               PARPRIM_U64, PARPRIM_F32, PARPRIM_F64};
/// The operations over arrays of one element type, and the UTF-8 operations, whose input and
/// output types are fixed by the operation (utf8_input_dtype below).
inline constexpr parprim_operation array_operations[] = {PARPRIM_OP_SCAN, PARPRIM_OP_COMPACT,
                                                         PARPRIM_OP_SORT};
inline constexpr parprim_operation utf8_operations[] = {PARPRIM_OP_UTF8_DECODE,
                                                        PARPRIM_OP_UTF8_ENCODE};
inline constexpr parprim_operation all_operations[] = {PARPRIM_OP_SCAN, PARPRIM_OP_COMPACT,
                                                       PARPRIM_OP_SORT, PARPRIM_OP_UTF8_DECODE,
                                                       PARPRIM_OP_UTF8_ENCODE};

constexpr bool is_utf8(parprim_operation op) {
  return op == PARPRIM_OP_UTF8_DECODE || op == PARPRIM_OP_UTF8_ENCODE;
}
/// The element type of a UTF-8 operation's input (bytes to decode, code points to encode) and
/// of its output: the problem's dtype is the input's.
constexpr parprim_dtype utf8_input_dtype(parprim_operation op) {
  return op == PARPRIM_OP_UTF8_DECODE ? PARPRIM_U8 : PARPRIM_U32;
}
constexpr parprim_dtype utf8_output_dtype(parprim_operation op) {
  return op == PARPRIM_OP_UTF8_DECODE ? PARPRIM_U32 : PARPRIM_U8;
}

/// Calls fn.template operator()<T>() with T the C++ type of `dtype`: one of all_dtypes (bytes
/// are no element type an operation is instantiated for).
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
    case PARPRIM_U8:
      throw std::invalid_argument("bytes (u8) are the UTF-8 operations' input, no element type");
  }
  throw std::invalid_argument("unknown element type " + std::to_string(int(dtype)));
}

inline std::size_t dtype_size(parprim_dtype dtype) {
  if (dtype == PARPRIM_U8) return 1;
  return dispatch_dtype(dtype, []<class T>() { return sizeof(T); });
}
inline bool is_float(parprim_dtype dtype) {
  return dtype == PARPRIM_F32 || dtype == PARPRIM_F64;
}

namespace detail {

template <class E, std::size_t N>
using name_table = std::array<std::pair<E, std::string_view>, N>;

constexpr name_table<parprim_dtype, 7> dtype_names{{{PARPRIM_I32, "i32"},
                                                    {PARPRIM_U32, "u32"},
                                                    {PARPRIM_I64, "i64"},
                                                    {PARPRIM_U64, "u64"},
                                                    {PARPRIM_F32, "f32"},
                                                    {PARPRIM_F64, "f64"},
                                                    {PARPRIM_U8, "u8"}}};
constexpr name_table<parprim_operation, 5> operation_names{
    {{PARPRIM_OP_SCAN, "scan"},
     {PARPRIM_OP_COMPACT, "compact"},
     {PARPRIM_OP_SORT, "sort"},
     {PARPRIM_OP_UTF8_DECODE, "utf8_decode"},
     {PARPRIM_OP_UTF8_ENCODE, "utf8_encode"}}};
constexpr name_table<parprim_utf8_form, 2> utf8_form_names{
    {{PARPRIM_UTF8_REPLACE, "replace"}, {PARPRIM_UTF8_VALIDATE, "validate"}}};
constexpr name_table<parprim_scan_kind, 2> scan_kind_names{
    {{PARPRIM_SCAN_EXCLUSIVE, "exclusive"}, {PARPRIM_SCAN_INCLUSIVE, "inclusive"}}};
constexpr name_table<parprim_predicate, 2> predicate_names{
    {{PARPRIM_PRED_NONZERO, "nonzero"}, {PARPRIM_PRED_GREATER_THAN, "greater_than"}}};
constexpr name_table<parprim_sort_order, 2> order_names{
    {{PARPRIM_SORT_ASCENDING, "ascending"}, {PARPRIM_SORT_DESCENDING, "descending"}}};
constexpr name_table<parprim_sort_payload, 2> payload_names{
    {{PARPRIM_SORT_KEYS, "keys"}, {PARPRIM_SORT_PAIRS, "pairs"}}};
constexpr name_table<parprim_timing_basis, 3> timing_names{
    {{PARPRIM_TIMING_RESIDENT, "resident"},
     {PARPRIM_TIMING_OWN_REGION, "own_region"},
     {PARPRIM_TIMING_WHOLE_CALL, "whole_call"}}};
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
inline std::string_view to_string(parprim_utf8_form v) {
  return detail::name_of(detail::utf8_form_names, v);
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
inline std::optional<parprim_utf8_form> parse_utf8_form(std::string_view n) {
  return detail::parse(detail::utf8_form_names, n);
}
inline std::optional<parprim_timing_basis> parse_timing_basis(std::string_view n) {
  return detail::parse(detail::timing_names, n);
}

}  // namespace parprim
