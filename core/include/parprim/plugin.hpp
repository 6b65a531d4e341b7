// The C++ authoring layer of the plugin ABI.
//
// A plugin author writes an ordinary class derived from parprim::backend (or host_backend for a
// CPU backend), with a static `info()` describing it, and puts PARPRIM_PLUGIN(ClassName) in one
// source file. The macro emits the two exported symbols of plugin_abi.h; the glue below turns
// every call into a call on one lazily created instance, catches every exception at the
// boundary and turns it into a status plus a message readable through last_error().
//
// The glue also checks each problem against the declared variants and parameters, so a backend
// only sees problems it declared, with every tunable parameter filled in.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <memory>
#include <new>
#include <stdexcept>
#include <string>
#include <vector>

#include "parprim/plugin_abi.h"
#include "parprim/problem.hpp"
#include "parprim/types.hpp"

namespace parprim {

/// Capability flags of variants that offer every form of their operation.
inline constexpr std::uint32_t every_scan = PARPRIM_CAP_SCAN_EXCLUSIVE | PARPRIM_CAP_SCAN_INCLUSIVE;
inline constexpr std::uint32_t every_compact =
    PARPRIM_CAP_COMPACT_NONZERO | PARPRIM_CAP_COMPACT_GREATER_THAN;
inline constexpr std::uint32_t every_sort = PARPRIM_CAP_SORT_KEYS | PARPRIM_CAP_SORT_PAIRS |
                                            PARPRIM_CAP_SORT_ASCENDING |
                                            PARPRIM_CAP_SORT_DESCENDING;
/// A UTF-8 decoder offering both forms (replacement and validation); an encoder has one.
inline constexpr std::uint32_t every_utf8_decode =
    PARPRIM_CAP_UTF8_REPLACE | PARPRIM_CAP_UTF8_VALIDATE;
inline constexpr std::uint32_t utf8_encode_form = PARPRIM_CAP_UTF8_REPLACE;

struct param {
  std::string name;
  std::string description;
  std::int64_t default_value = 0;
  std::vector<std::int64_t> allowed;  // empty: any positive value

  /// Whether `value` may be asked for: the one rule the plugin, the runner and a config share.
  bool allows(std::int64_t value) const {
    return allowed.empty() ? value > 0
                           : std::find(allowed.begin(), allowed.end(), value) != allowed.end();
  }
  /// The allowed values as a user reads them: "32, 64" or "any positive value".
  std::string allowed_text() const {
    if (allowed.empty()) return "any positive value";
    std::string text;
    for (const std::int64_t a : allowed) text += (text.empty() ? "" : ", ") + std::to_string(a);
    return text;
  }
};

struct variant {
  parprim_operation operation;
  std::string name;
  std::string description;
  std::uint32_t dtypes = PARPRIM_ALL_DTYPES;  // not read for the UTF-8 operations (offers())
  std::uint32_t flags = 0;
  std::vector<param> params;  // this variant's own parameters

  /// Whether the variant takes inputs of `dtype`: its declared types, or for a UTF-8 operation
  /// the one type the operation reads (bytes to decode, u32 code points to encode).
  bool offers(parprim_dtype dtype) const {
    return is_utf8(operation) ? dtype == utf8_input_dtype(operation)
                              : (dtypes & PARPRIM_DTYPE_BIT(dtype)) != 0;
  }

  bool declares(const std::string& param_name) const {
    return std::any_of(params.begin(), params.end(),
                       [&](const param& p) { return p.name == param_name; });
  }
};

struct plugin_info {
  std::string name;
  std::string version;
  std::string description;
  parprim_memory_domain domain = PARPRIM_DOMAIN_HOST;
  std::vector<variant> variants;
  std::vector<param> params;  // parameters every variant takes (a thread count, say)
  // RESIDENT: the runner times run(); OWN_REGION: each plan's own_time() is the sample.
  parprim_timing_basis timing = PARPRIM_TIMING_RESIDENT;
};

/// Thrown inside a plugin to return a specific status with a message.
class error : public std::runtime_error {
 public:
  error(parprim_status status, const std::string& message)
      : std::runtime_error(message), status_(status) {}
  parprim_status status() const noexcept { return status_; }

 private:
  parprim_status status_;
};

/// One planned computation: everything it needs was allocated when it was created.
class plan {
 public:
  virtual ~plan() = default;
  virtual void run(const parprim_io& io) = 0;
  /// Seconds of the region the plugin's own code timed in the last run (plugins whose
  /// plugin_info says PARPRIM_TIMING_OWN_REGION).
  virtual double own_time() const {
    throw error(PARPRIM_UNSUPPORTED, "this plan does not time itself");
  }
};

class backend {
 public:
  virtual ~backend() = default;
  /// Empty when the backend can run here.
  virtual std::string unavailable_reason() { return {}; }

  virtual void* allocate(std::uint64_t bytes) = 0;
  virtual void release(void* buffer) = 0;
  virtual void upload(void* dst, const void* host_src, std::uint64_t bytes) = 0;
  virtual void download(void* host_dst, const void* src, std::uint64_t bytes) = 0;
  virtual void copy(void* dst, const void* src, std::uint64_t bytes) = 0;
  virtual void synchronize() {}

  /// `p` names one of the declared variants, its parameters all set.
  virtual std::unique_ptr<plan> create_plan(const problem& p, std::uint64_t n) = 0;

  virtual void timer_start() = 0;
  virtual void timer_stop() = 0;
  virtual double timer_elapsed() = 0;  // seconds between the last start and stop

  /// What the backend runs on, for the results' context; empty when there is nothing to add.
  virtual std::string device_description() { return {}; }

  // The measurement hooks (plugin_abi.h, docs/measurement.md). A backend that does not
  // override one does not offer it; the runner measures without it and records so.
  /// Evicts the domain's caches, in stream order.
  virtual void flush_caches() { throw error(PARPRIM_UNSUPPORTED, "no cache flush"); }
  /// Holds the stream until release_stream() or a timeout.
  virtual void hold_stream() { throw error(PARPRIM_UNSUPPORTED, "no stream hold"); }
  /// Ends the hold; true when it had already ended by its timeout.
  virtual bool release_stream() { throw error(PARPRIM_UNSUPPORTED, "no stream hold"); }
  /// The device's clocks now.
  virtual parprim_clocks read_clocks() { throw error(PARPRIM_UNSUPPORTED, "no clock reading"); }
  /// Reads each byte of [src, src + bytes) once, in stream order, writing nothing a caller sees:
  /// the roofline of an operation that only reads.
  virtual void read_bytes(const void* /*src*/, std::uint64_t /*bytes*/) {
    throw error(PARPRIM_UNSUPPORTED, "no read-only baseline");
  }
};

namespace detail {

inline std::string& last_error_text() {
  thread_local std::string text;
  return text;
}

template <class Fn>
parprim_status guard(Fn&& fn) noexcept {
  try {
    fn();
    return PARPRIM_OK;
  } catch (const error& e) {
    last_error_text() = e.what();
    return e.status();
  } catch (const std::bad_alloc&) {
    last_error_text() = "out of memory";
    return PARPRIM_OUT_OF_MEMORY;
  } catch (const std::exception& e) {
    last_error_text() = e.what();
    return PARPRIM_ERROR;
  } catch (...) {
    last_error_text() = "unknown exception";
    return PARPRIM_ERROR;
  }
}

/// Fills in the default variant and parameters, or throws when the problem was not declared.
inline problem resolve(const plugin_info& info, problem p) {
  const variant* chosen = nullptr;
  for (const auto& v : info.variants) {
    if (v.operation != p.operation) continue;
    if (p.variant.empty() || p.variant == v.name) {
      chosen = &v;
      break;
    }
  }
  if (!chosen)
    throw error(PARPRIM_UNSUPPORTED, info.name + ": no variant '" + p.variant + "' of " +
                                         std::string(to_string(p.operation)));
  p.variant = chosen->name;
  if (!chosen->offers(p.dtype))
    throw error(PARPRIM_UNSUPPORTED, info.name + "/" + chosen->name + ": element type " +
                                         std::string(to_string(p.dtype)) + " not offered");
  if ((chosen->flags & p.required_flags()) != p.required_flags())
    throw error(PARPRIM_UNSUPPORTED,
                info.name + "/" + chosen->name + ": " + p.form() + " not offered");
  for (const auto& [name, value] : p.params) {
    // Through a plain reference: clang 14 cannot capture a structured binding in a lambda.
    const std::string& wanted = name;
    auto it = std::find_if(chosen->params.begin(), chosen->params.end(),
                           [&](const param& d) { return d.name == wanted; });
    if (it == chosen->params.end())
      throw error(PARPRIM_INVALID_ARGUMENT,
                  info.name + "/" + chosen->name + ": unknown parameter '" + name + "'");
    if (!it->allows(value))
      throw error(PARPRIM_INVALID_ARGUMENT,
                  info.name + ": parameter " + name + " does not allow " + std::to_string(value));
  }
  for (const auto& d : chosen->params) p.params.try_emplace(d.name, d.default_value);
  return p;
}

/// The C descriptor and the storage its pointers point into.
struct descriptor_storage {
  plugin_info info;  // plugin-wide parameters already merged into each variant
  std::vector<parprim_variant_info> variants;
  std::vector<std::vector<parprim_param_info>> params;  // one list per variant
  parprim_plugin_descriptor desc{};
};

template <class Backend>
struct glue {
  static Backend& instance() {
    // Never destroyed: plugins stay loaded until the process exits, and destroying a backend
    // during static destruction (after a CUDA context or TBB is torn down) is not safe.
    static Backend* b = new Backend();
    return *b;
  }
  static const plugin_info& info() { return storage().info; }

  static const char* unavailable_reason() noexcept {
    static const std::string reason = [] {
      try {
        return instance().unavailable_reason();
      } catch (const std::exception& e) {
        return std::string(e.what());
      } catch (...) {
        return std::string("unknown exception while checking availability");
      }
    }();
    return reason.empty() ? nullptr : reason.c_str();
  }
  static const char* last_error() noexcept { return last_error_text().c_str(); }
  static const char* device_description() noexcept {
    static const std::string text = [] {
      try {
        return unavailable_reason() ? std::string() : instance().device_description();
      } catch (...) {
        return std::string();
      }
    }();
    return text.empty() ? nullptr : text.c_str();
  }

  static parprim_status allocate(std::uint64_t bytes, void** out) noexcept {
    return guard([&] {
      if (!out) throw error(PARPRIM_INVALID_ARGUMENT, "allocate: null output pointer");
      *out = instance().allocate(bytes);
    });
  }
  static parprim_status release(void* p) noexcept {
    return guard([&] { instance().release(p); });
  }
  static parprim_status upload(void* dst, const void* src, std::uint64_t bytes) noexcept {
    return guard([&] { instance().upload(dst, src, bytes); });
  }
  static parprim_status download(void* dst, const void* src, std::uint64_t bytes) noexcept {
    return guard([&] { instance().download(dst, src, bytes); });
  }
  static parprim_status copy(void* dst, const void* src, std::uint64_t bytes) noexcept {
    return guard([&] { instance().copy(dst, src, bytes); });
  }
  static parprim_status synchronize() noexcept {
    return guard([&] { instance().synchronize(); });
  }
  static parprim_status create_plan(const parprim_problem* c, std::uint64_t n,
                                    parprim_plan** out) noexcept {
    return guard([&] {
      if (!c || !out) throw error(PARPRIM_INVALID_ARGUMENT, "create_plan: null argument");
      *out = nullptr;
      const problem p = resolve(info(), from_c(*c));
      *out = reinterpret_cast<parprim_plan*>(instance().create_plan(p, n).release());
    });
  }
  static parprim_status run(parprim_plan* handle, const parprim_io* io) noexcept {
    return guard([&] {
      if (!handle || !io) throw error(PARPRIM_INVALID_ARGUMENT, "run: null argument");
      reinterpret_cast<plan*>(handle)->run(*io);
    });
  }
  static parprim_status destroy_plan(parprim_plan* handle) noexcept {
    return guard([&] { delete reinterpret_cast<plan*>(handle); });
  }
  static parprim_status own_time(parprim_plan* handle, double* seconds) noexcept {
    return guard([&] {
      if (!handle || !seconds) throw error(PARPRIM_INVALID_ARGUMENT, "own_time: null argument");
      *seconds = reinterpret_cast<const plan*>(handle)->own_time();
    });
  }
  static parprim_status timer_start() noexcept {
    return guard([&] { instance().timer_start(); });
  }
  static parprim_status timer_stop() noexcept {
    return guard([&] { instance().timer_stop(); });
  }
  static parprim_status timer_elapsed(double* seconds) noexcept {
    return guard([&] {
      if (!seconds) throw error(PARPRIM_INVALID_ARGUMENT, "timer_elapsed: null argument");
      *seconds = instance().timer_elapsed();
    });
  }

  static parprim_status flush_caches() noexcept {
    return guard([&] { instance().flush_caches(); });
  }
  static parprim_status hold_stream() noexcept {
    return guard([&] { instance().hold_stream(); });
  }
  static parprim_status release_stream(std::int32_t* timed_out) noexcept {
    return guard([&] {
      if (!timed_out) throw error(PARPRIM_INVALID_ARGUMENT, "release_stream: null argument");
      *timed_out = instance().release_stream() ? 1 : 0;
    });
  }
  static parprim_status read_clocks(parprim_clocks* out) noexcept {
    return guard([&] {
      if (!out) throw error(PARPRIM_INVALID_ARGUMENT, "read_clocks: null argument");
      *out = instance().read_clocks();
    });
  }
  static parprim_status read_bytes(const void* src, std::uint64_t bytes) noexcept {
    return guard([&] { instance().read_bytes(src, bytes); });
  }

  static descriptor_storage& storage() {
    // Built in place once (its C pointers point into it) and never destroyed.
    static descriptor_storage* s = [] {
      auto* p = new descriptor_storage;
      fill(*p);
      return p;
    }();
    return *s;
  }

  static void fill(descriptor_storage& s) {
    s.info = Backend::info();
    for (auto& v : s.info.variants)
      v.params.insert(v.params.end(), s.info.params.begin(), s.info.params.end());
    s.params.resize(s.info.variants.size());  // sized once: the C pointers below stay valid
    for (std::size_t i = 0; i < s.info.variants.size(); ++i) {
      const auto& v = s.info.variants[i];
      for (const auto& p : v.params)
        s.params[i].push_back({p.name.c_str(), p.description.c_str(), p.default_value,
                               p.allowed.empty() ? nullptr : p.allowed.data(),
                               static_cast<std::uint32_t>(p.allowed.size())});
      s.variants.push_back({v.operation, v.name.c_str(), v.description.c_str(), v.dtypes, v.flags,
                            s.params[i].empty() ? nullptr : s.params[i].data(),
                            static_cast<std::uint32_t>(s.params[i].size())});
    }
    auto& d = s.desc;
    d.abi_version = PARPRIM_ABI_VERSION;
    d.struct_size = sizeof(parprim_plugin_descriptor);
    d.name = s.info.name.c_str();
    d.version = s.info.version.c_str();
    d.description = s.info.description.c_str();
    d.memory_domain = s.info.domain;
    d.variants = s.variants.data();
    d.variant_count = static_cast<std::uint32_t>(s.variants.size());
    d.unavailable_reason = &glue::unavailable_reason;
    d.last_error = &glue::last_error;
    d.allocate = &glue::allocate;
    d.release = &glue::release;
    d.upload = &glue::upload;
    d.download = &glue::download;
    d.copy = &glue::copy;
    d.synchronize = &glue::synchronize;
    d.create_plan = &glue::create_plan;
    d.run = &glue::run;
    d.destroy_plan = &glue::destroy_plan;
    d.timer_start = &glue::timer_start;
    d.timer_stop = &glue::timer_stop;
    d.timer_elapsed = &glue::timer_elapsed;
    d.device_description = &glue::device_description;
    d.timing_basis = s.info.timing;
    d.own_time = s.info.timing == PARPRIM_TIMING_OWN_REGION ? &glue::own_time : nullptr;
    d.flush_caches = &glue::flush_caches;
    d.hold_stream = &glue::hold_stream;
    d.release_stream = &glue::release_stream;
    d.read_clocks = &glue::read_clocks;
    d.read_bytes = &glue::read_bytes;
  }

  static const parprim_plugin_descriptor* descriptor() noexcept {
    try {
      return &storage().desc;
    } catch (...) {
      return nullptr;
    }
  }
};

}  // namespace detail
}  // namespace parprim

/// Emits the exported symbols of a plugin whose backend class is `BackendClass`.
#define PARPRIM_PLUGIN(BackendClass)                                                       \
  extern "C" PARPRIM_EXPORT const std::uint32_t parprim_abi_version = PARPRIM_ABI_VERSION; \
  extern "C" PARPRIM_EXPORT const parprim_plugin_descriptor* parprim_plugin_entry(void) {  \
    return ::parprim::detail::glue<BackendClass>::descriptor();                            \
  }

namespace parprim {

/// A plan made of one callable, for backends whose plans are a function plus captured scratch.
template <class Fn>
class function_plan final : public plan {
 public:
  explicit function_plan(Fn fn) : fn_(std::move(fn)) {}
  void run(const parprim_io& io) override { fn_(io); }

 private:
  Fn fn_;
};

template <class Fn>
std::unique_ptr<plan> make_plan(Fn fn) {
  return std::make_unique<function_plan<Fn>>(std::move(fn));
}

/// Typed views of a run's buffers.
template <class T>
const T* io_in(const parprim_io& io) {
  return static_cast<const T*>(io.in);
}
template <class T>
T* io_out(const parprim_io& io) {
  return static_cast<T*>(io.out);
}
template <class T>
const T* io_values_in(const parprim_io& io) {
  return static_cast<const T*>(io.values_in);
}
template <class T>
T* io_values_out(const parprim_io& io) {
  return static_cast<T*>(io.values_out);
}
inline std::uint64_t* io_count(const parprim_io& io) {
  return static_cast<std::uint64_t*>(io.count);
}
/// utf8_decode's validate form: where the first error's offset goes (an io from a host built
/// before the field has none, and cannot have asked for the form).
inline std::uint64_t* io_first_error(const parprim_io& io) {
  if (io.struct_size < offsetof(parprim_io, first_error) + sizeof io.first_error || !io.first_error)
    throw error(PARPRIM_INVALID_ARGUMENT, "run: the validate form needs io.first_error");
  return static_cast<std::uint64_t*>(io.first_error);
}

}  // namespace parprim
