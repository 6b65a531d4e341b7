// What a worker printed is bytes, whatever a plugin wrote: a student's printf of an
// uninitialised buffer, NULs, half a UTF-8 sequence. Before it goes into a record (JSON, which
// holds only UTF-8 text) or onto the console it is made printable here.
#pragma once

#include <string>
#include <string_view>

namespace parprim::runner::worker {

/// `bytes` as printable UTF-8: well-formed UTF-8 (Unicode's Table 3-7) and the line breaks and
/// tabs are kept; every other byte (ill-formed UTF-8, NUL and the other control characters,
/// DEL) is written as \xNN, so the bytes can still be read off.
std::string printable(std::string_view bytes);

}  // namespace parprim::runner::worker
