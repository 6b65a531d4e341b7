// An ICU data library that holds nothing: a common-data package ("CmnD", format 1) whose table of
// contents lists no item, exported under the entry point that libicuuc looks for in its
// libicudata.so.<major>. It stands in for Debian's 31 MB libicudata where that cannot travel
// (the GPU machine's host: a call carries 64 MiB, the tree included), and is honest there because
// the icu plugin opens only ICU's UTF-8 and UTF-32LE converters, which ICU builds from code
// when a name is missing from its alias table (ucnv_open's algorithmic fallback); they read no
// data. tests/plugins/icu/test_icu_empty_data.cpp proves both halves: that this library is the
// one loaded (a data-backed charset fails to open) and that the plugin still decodes and
// encodes every text mix as the oracle does.
#include <unicode/udata.h>
#include <unicode/utypes.h>

#include <cstddef>
#include <cstdint>

namespace {

/// A common-data package as libicuuc reads it: the 4-byte mapped header (its own size, then the
/// magic bytes 0xDA 0x27), the UDataInfo that names the format, padding to 16 bytes, then the
/// table of contents (an item count, then that many name and data offsets: none here).
struct empty_common_data {
  std::uint16_t header_size;
  std::uint8_t magic1, magic2;
  UDataInfo info;
  std::uint8_t padding[8];
  std::uint32_t item_count;
};
static_assert(sizeof(UDataInfo) == 20 && offsetof(empty_common_data, item_count) == 32,
              "the header is 32 bytes, as its header_size says");

}  // namespace

extern "C" U_EXPORT const empty_common_data U_ICUDATA_ENTRY_POINT = {
    .header_size = 32,
    .magic1 = 0xDA,
    .magic2 = 0x27,
    .info = {.size = sizeof(UDataInfo),
             .reservedWord = 0,
             .isBigEndian = U_IS_BIG_ENDIAN,
             .charsetFamily = U_CHARSET_FAMILY,
             .sizeofUChar = sizeof(UChar),
             .reservedByte = 0,
             .dataFormat = {'C', 'm', 'n', 'D'},
             .formatVersion = {1, 0, 0, 0},
             .dataVersion = {0, 0, 0, 0}},
    .padding = {},
    .item_count = 0,
};
