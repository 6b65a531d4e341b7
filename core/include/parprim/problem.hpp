// The C++ form of "what to compute", shared by the host side (runner, tests, oracle) and the
// plugin authoring layer, with its conversion to and from the C struct of the ABI.
#pragma once

#include <array>
#include <cmath>
#include <cstdint>
#include <cstddef>
#include <cstring>
#include <limits>
#include <map>
#include <string>
#include <vector>

#include "parprim/plugin_abi.h"
#include "parprim/types.hpp"

namespace parprim {

struct problem {
  parprim_operation operation = PARPRIM_OP_SCAN;
  parprim_dtype dtype = PARPRIM_I32;
  std::string variant;  // empty: the plugin's first variant of the operation
  parprim_scan_kind scan_kind = PARPRIM_SCAN_EXCLUSIVE;
  parprim_predicate predicate = PARPRIM_PRED_NONZERO;
  std::array<unsigned char, 8> threshold_bytes{};  // a value of the element type
  parprim_sort_order sort_order = PARPRIM_SORT_ASCENDING;
  parprim_sort_payload sort_payload = PARPRIM_SORT_KEYS;
  parprim_utf8_form utf8_form = PARPRIM_UTF8_REPLACE;  // utf8_decode only
  std::map<std::string, std::int64_t> params;  // tunables; absent ones take their default

  template <class T>
  T threshold() const {
    static_assert(sizeof(T) <= 8);
    T value;
    std::memcpy(&value, threshold_bytes.data(), sizeof(T));
    return value;
  }

  /// Stores `value` as the element type. For integer types the value is floored (x > 2.5 and
  /// x > 2 keep the same integers) and clamped to the type's range.
  void set_threshold(double value) {
    dispatch_dtype(dtype, [&]<class T>() {
      T converted;
      if constexpr (std::is_floating_point_v<T>) {
        converted = static_cast<T>(value);
      } else {
        const double floored = std::floor(value);
        constexpr double lo = static_cast<double>(std::numeric_limits<T>::lowest());
        constexpr double hi = static_cast<double>(std::numeric_limits<T>::max());
        converted = floored <= lo   ? std::numeric_limits<T>::lowest()
                    : floored >= hi ? std::numeric_limits<T>::max()
                                    : static_cast<T>(floored);
      }
      threshold_bytes.fill(0);
      std::memcpy(threshold_bytes.data(), &converted, sizeof(T));
    });
  }

  /// A sort of pairs: the one problem with value buffers beside the keys.
  bool has_values() const {
    return operation == PARPRIM_OP_SORT && sort_payload == PARPRIM_SORT_PAIRS;
  }

  // The output side. Scan, compact and sort write n elements of the input's type at most; the
  // UTF-8 operations change type (utf8_input_dtype), and their validate form writes nothing.
  parprim_dtype output_dtype() const {
    return is_utf8(operation) ? utf8_output_dtype(operation) : dtype;
  }
  /// Elements `out` has room for: n, 4n bytes for utf8_encode, none for a validate form.
  std::uint64_t output_capacity(std::uint64_t n) const {
    if (is_validation()) return 0;
    return operation == PARPRIM_OP_UTF8_ENCODE ? 4 * n : n;
  }
  std::uint64_t output_bytes(std::uint64_t n) const {
    return output_capacity(n) * dtype_size(output_dtype());
  }
  /// The operations that write a count (io.count): compact and the UTF-8 ones.
  bool has_count() const { return operation == PARPRIM_OP_COMPACT || is_utf8(operation); }
  /// utf8_decode's validate form: it writes io.count and io.first_error, and no output.
  bool is_validation() const {
    return operation == PARPRIM_OP_UTF8_DECODE && utf8_form == PARPRIM_UTF8_VALIDATE;
  }

  /// The capability flag a variant must declare to run this problem.
  std::uint32_t required_flags() const {
    switch (operation) {
      case PARPRIM_OP_SCAN:
        return scan_kind == PARPRIM_SCAN_EXCLUSIVE ? PARPRIM_CAP_SCAN_EXCLUSIVE
                                                   : PARPRIM_CAP_SCAN_INCLUSIVE;
      case PARPRIM_OP_COMPACT:
        return predicate == PARPRIM_PRED_NONZERO ? PARPRIM_CAP_COMPACT_NONZERO
                                                 : PARPRIM_CAP_COMPACT_GREATER_THAN;
      case PARPRIM_OP_SORT:
        return (sort_payload == PARPRIM_SORT_KEYS ? PARPRIM_CAP_SORT_KEYS
                                                  : PARPRIM_CAP_SORT_PAIRS) |
               (sort_order == PARPRIM_SORT_ASCENDING ? PARPRIM_CAP_SORT_ASCENDING
                                                     : PARPRIM_CAP_SORT_DESCENDING);
      case PARPRIM_OP_UTF8_DECODE:
      case PARPRIM_OP_UTF8_ENCODE:
        return utf8_form == PARPRIM_UTF8_VALIDATE ? PARPRIM_CAP_UTF8_VALIDATE
                                                  : PARPRIM_CAP_UTF8_REPLACE;
    }
    return 0;
  }

  /// The form of the operation without type or variant: "exclusive", "greater_than 2", "pairs
  /// descending".
  std::string form() const {
    switch (operation) {
      case PARPRIM_OP_SCAN:
        return std::string(to_string(scan_kind));
      case PARPRIM_OP_COMPACT:
        if (predicate == PARPRIM_PRED_NONZERO) return "nonzero";
        return dispatch_dtype(
            dtype, [&]<class T>() { return "greater_than " + format_threshold(threshold<T>()); });
      case PARPRIM_OP_SORT:
        return std::string(to_string(sort_payload)) + " " + std::string(to_string(sort_order));
      case PARPRIM_OP_UTF8_DECODE:
      case PARPRIM_OP_UTF8_ENCODE:
        return std::string(to_string(utf8_form));
    }
    return "?";
  }

  /// "scan exclusive i32", used in messages and record keys.
  std::string describe() const {
    return std::string(to_string(operation)) + " " + form() + " " + std::string(to_string(dtype));
  }

 private:
  template <class T>
  static std::string format_threshold(T v) {
    if constexpr (std::is_floating_point_v<T>) {
      std::string s = std::to_string(v);
      s.erase(s.find_last_not_of('0') + 1);  // 2.500000 -> 2.5, 2.000000 -> 2.
      if (!s.empty() && s.back() == '.') s.pop_back();
      return s;
    } else {
      return std::to_string(v);
    }
  }
};

/// Owns the storage behind a parprim_problem built from a problem.
class c_problem {
 public:
  explicit c_problem(const problem& p) : variant_(p.variant) {
    for (const auto& [name, value] : p.params) names_.push_back(name);
    std::size_t i = 0;
    for (const auto& [name, value] : p.params) values_.push_back({names_[i++].c_str(), value});
    c_ = parprim_problem{};
    c_.struct_size = sizeof(parprim_problem);
    c_.operation = p.operation;
    c_.dtype = p.dtype;
    c_.variant = variant_.empty() ? nullptr : variant_.c_str();
    c_.scan_kind = p.scan_kind;
    c_.predicate = p.predicate;
    std::memcpy(c_.threshold, p.threshold_bytes.data(), 8);
    c_.sort_order = p.sort_order;
    c_.sort_payload = p.sort_payload;
    c_.utf8_form = p.utf8_form;
    c_.params = values_.empty() ? nullptr : values_.data();
    c_.param_count = static_cast<std::uint32_t>(values_.size());
  }
  c_problem(const c_problem&) = delete;
  c_problem& operator=(const c_problem&) = delete;
  const parprim_problem* get() const { return &c_; }

 private:
  std::string variant_;
  std::vector<std::string> names_;
  std::vector<parprim_param_value> values_;
  parprim_problem c_{};
};

/// The plugin side: rebuilds a problem from the C struct (fields past struct_size keep their
/// defaults, so an older host still works).
inline problem from_c(const parprim_problem& c) {
  problem p;
  p.operation = static_cast<parprim_operation>(c.operation);
  p.dtype = static_cast<parprim_dtype>(c.dtype);
  if (c.variant) p.variant = c.variant;
  p.scan_kind = static_cast<parprim_scan_kind>(c.scan_kind);
  p.predicate = static_cast<parprim_predicate>(c.predicate);
  std::memcpy(p.threshold_bytes.data(), c.threshold, 8);
  p.sort_order = static_cast<parprim_sort_order>(c.sort_order);
  p.sort_payload = static_cast<parprim_sort_payload>(c.sort_payload);
  if (c.struct_size >= offsetof(parprim_problem, utf8_form) + sizeof c.utf8_form)
    p.utf8_form = static_cast<parprim_utf8_form>(c.utf8_form);
  for (std::uint32_t i = 0; i < c.param_count; ++i)
    if (c.params[i].name) p.params[c.params[i].name] = c.params[i].value;
  return p;
}

}  // namespace parprim
