// Probe after step 48 (issue 35, Intel VM, 2026-12-07): step 48's loop (a line a bucket, its
// fill count in its last slot) against two lines a bucket (the count in the second line's last
// slot; both lines streamed when the 32nd key comes: half the mispredicted branches, but a key
// of the first line touches both lines), and step 48's loop storing its line by one 64-byte
// streaming store.
#define LINE_STORE_PROBE_PARTS
#include "line_store_probe.cpp"
#include "inline_split.hpp"

int main(int argc, char** argv) {
  const split_fn fns[4] = {split_inline<1, sse_nt, 0>, split_inline<2, sse_nt, 0>,
                           split_inline<1, zmm_nt, 0>, split_inline<2, zmm_nt, 0>};
  const char* const names[4] = {"step 48", "two lines", "step 48, 64 B", "two lines, 64 B"};
  return alternate(argc, argv, fns, names, 128);
}
