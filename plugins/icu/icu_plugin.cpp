// icu: what a C++ programmer with ICU already has for UTF-8 to UTF-32 and back, as a comparison
// backend: one pass of ucnv_convertEx between ICU's UTF-8 and UTF-32LE converters (through
// ICU's UTF-16 pivot, as ICU converts between any two charsets), with the converters' default
// substitution callback. ICU's UTF-8 converter replaces each maximal subpart of an ill-formed
// sequence with one U+FFFD (since ICU 60), and its UTF-32 converter replaces a surrogate or a
// value above U+10FFFF with one, which are parprim's semantics (docs/semantics.md); the
// conformance suite checks that they hold here too.
#include <unicode/ucnv.h>
#include <unicode/uversion.h>

#include <cstdint>
#include <memory>
#include <string>

#include "parprim/host_backend.hpp"
#include "parprim/plugin.hpp"

namespace parprim::icu {

/// One ICU converter, closed when it goes.
struct converter_closer {
  void operator()(UConverter* c) const { ucnv_close(c); }
};
using converter = std::unique_ptr<UConverter, converter_closer>;

converter open_converter(const char* name) {
  UErrorCode status = U_ZERO_ERROR;
  converter c(ucnv_open(name, &status));
  if (U_FAILURE(status))
    throw error(PARPRIM_UNAVAILABLE,
                std::string("icu: ucnv_open(\"") + name + "\") failed: " + u_errorName(status));
  return c;
}

/// Converts `bytes` bytes of `from`'s charset at `in` to `to`'s at `out` (room for
/// `capacity` bytes) and returns the bytes written. The pivot is ICU's UTF-16 buffer between
/// the two; its size only sets how often ucnv_convertEx refills it.
class conversion {
 public:
  conversion(const char* from, const char* to)
      : from_(open_converter(from)), to_(open_converter(to)), pivot_(new UChar[pivot_units]) {}

  std::uint64_t run(const void* in, std::uint64_t bytes, void* out, std::uint64_t capacity) {
    auto* target = static_cast<char*>(out);
    auto* source = static_cast<const char*>(in);
    UChar* pivot_source = pivot_.get();
    UChar* pivot_target = pivot_.get();
    UErrorCode status = U_ZERO_ERROR;
    // Limits are pointers, not int32_t lengths, so inputs past 2 GiB pass whole; an empty
    // input returns before, since a null source limit would mean a NUL-terminated source.
    if (bytes == 0) return 0;
    ucnv_convertEx(to_.get(), from_.get(), &target, static_cast<char*>(out) + capacity, &source,
                   static_cast<const char*>(in) + bytes, pivot_.get(), &pivot_source,
                   &pivot_target, pivot_.get() + pivot_units, /*reset=*/true, /*flush=*/true,
                   &status);
    if (U_FAILURE(status))
      throw error(PARPRIM_ERROR, std::string("icu: ucnv_convertEx failed: ") + u_errorName(status));
    return static_cast<std::uint64_t>(target - static_cast<char*>(out));
  }

 private:
  static constexpr std::size_t pivot_units = 1 << 14;
  converter from_, to_;
  std::unique_ptr<UChar[]> pivot_;
};

class icu_backend final : public host_backend {
 public:
  static plugin_info info() {
    return {
        .name = "icu",
        .version = "1.0.0",
        .description = "ICU's UTF-8 converter (libicu), for comparison",
        .domain = PARPRIM_DOMAIN_HOST,
        .variants = {{PARPRIM_OP_UTF8_DECODE,
                      "ucnv",
                      "ucnv_convertEx, UTF-8 to UTF-32LE, U+FFFD substitution",
                      PARPRIM_DTYPE_BIT(PARPRIM_U8),
                      PARPRIM_CAP_UTF8_REPLACE,
                      {}},
                     {PARPRIM_OP_UTF8_ENCODE,
                      "ucnv",
                      "ucnv_convertEx, UTF-32LE to UTF-8, U+FFFD substitution",
                      PARPRIM_DTYPE_BIT(PARPRIM_U32),
                      utf8_encode_form,
                      {}}},
        .params = {},
    };
  }

  std::unique_ptr<plan> create_plan(const problem& p, std::uint64_t n) override {
    if (p.operation == PARPRIM_OP_UTF8_DECODE && !p.is_validation())
      return make_plan([n, c = std::make_shared<conversion>("UTF-8", "UTF-32LE")](
                           const parprim_io& io) {
        *io_count(io) = c->run(io.in, n, io.out, 4 * n) / 4;
      });
    if (p.operation == PARPRIM_OP_UTF8_ENCODE)
      return make_plan([n, c = std::make_shared<conversion>("UTF-32LE", "UTF-8")](
                           const parprim_io& io) {
        *io_count(io) = c->run(io.in, 4 * n, io.out, 4 * n);
      });
    throw error(PARPRIM_UNSUPPORTED, "icu: only UTF-8 decoding (replace form) and encoding");
  }

  std::string device_description() override {
    std::string d = std::string("one thread; ICU ") + U_ICU_VERSION;
    // Where ICU runs without its data library (plugins/icu/empty_data/), the tables say so:
    // its alias table lists no converter then. The two converters opened here need no data.
    if (ucnv_countAvailable() == 0) d += ", without its data library (these converters need none)";
    return d;
  }
};

}  // namespace parprim::icu

PARPRIM_PLUGIN(parprim::icu::icu_backend)
