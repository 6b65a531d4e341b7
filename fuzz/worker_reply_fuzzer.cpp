// libFuzzer target: what the runner reads from a worker and writes of it. A plugin shares its
// worker's descriptors, so the runner's side of the channel gets arbitrary bytes: as a message
// (read_hello, read_run_reply), as a printed output (printable), and what it reads becomes a
// record that is written (record_to_json, json_text). Whatever the bytes: no crash, no exception
// out of the reader or the writer, and what is written is valid UTF-8 JSON that reads back.
// Built by the `fuzz` preset; scripts/run_fuzzers.sh replays the committed corpus and fuzzes.
#include <cstddef>
#include <cstdint>
#include <string>

#include "records/record_json.hpp"
#include "sessions/worker/captured_output.hpp"
#include "sessions/worker/worker_protocol.hpp"

namespace {

// Written, the record must read back as a record.
void write_and_read_back(const parprim::runner::record& r) {
  using nlohmann::json;
  const std::string text = parprim::runner::json_text(parprim::runner::record_to_json(r));
  const json again = json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (again.is_discarded()) __builtin_trap();
  (void)parprim::runner::record_from_json(again);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace parprim::runner;
  const std::string bytes(reinterpret_cast<const char*>(data), size);
  std::string why;
  if (const auto reply = worker::read_run_reply(bytes, why)) {
    record r = reply->done;
    r.worker_output = bytes;  // raw bytes where printable text belongs: json_text must cope
    r.reason = bytes;
    write_and_read_back(r);
  } else if (why.empty()) {
    __builtin_trap();  // a refusal always says why
  }
  why.clear();
  if (!worker::read_hello(bytes, why) && why.empty()) __builtin_trap();
  // What the runner keeps of a worker's output is printable text: ASCII, or UTF-8 it keeps.
  const std::string shown = worker::printable(bytes);
  record r;
  r.worker_output = shown;
  write_and_read_back(r);
  return 0;
}
