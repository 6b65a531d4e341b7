// Built with test_icu.cpp's cases into an executable that links the ICU data library holding
// nothing (plugins/icu/empty_data/) ahead of libicuuc, so that the icu plugin loaded here runs on
// it: the cases there then show that ICU's UTF-8 and UTF-32 converters need no data, which is
// what lets the plugin travel to the GPU machine's host without Debian's 31 MB data library.
// This case shows that the empty library is indeed the one loaded, so they cannot pass on the
// real one unnoticed.
#include <unicode/ucnv.h>

#include <string>

#include "plugin_fixture.hpp"

using namespace parprim;

TEST_CASE("icu: here ICU runs on the data library that holds nothing, and says so") {
  CHECK(ucnv_countAvailable() == 0);
  UErrorCode status = U_ZERO_ERROR;
  // Shift_JIS is table-driven: without data it cannot be built.
  UConverter* const shift_jis = ucnv_open("Shift_JIS", &status);
  CHECK(U_FAILURE(status));
  if (shift_jis != nullptr) ucnv_close(shift_jis);
  status = U_ZERO_ERROR;
  UConverter* const utf8 = ucnv_open("UTF-8", &status);
  CHECK(U_SUCCESS(status));
  if (utf8 != nullptr) ucnv_close(utf8);

  CHECK_THAT(std::string(test::built_plugin("icu").descriptor().device_description()),
             Catch::Contains("without its data library"));
}
