// Probe after step 48 (issue 35, Intel VM, 2026-12-07): step 48's loop (each bucket's fill count
// in its line) against the same prefetching the line of the key D ahead (prefetcht0), so that the
// count's load, which the once-in-16 branch waits on, hits L1 and a mispredicted branch is found
// sooner.
#define LINE_STORE_PROBE_PARTS
#include "line_store_probe.cpp"
#include "inline_split.hpp"

int main(int argc, char** argv) {
  const split_fn fns[4] = {split_inline<1, sse_nt, 0>, split_inline<1, sse_nt, 8>,
                           split_inline<1, sse_nt, 16>, split_inline<1, sse_nt, 32>};
  const char* const names[4] = {"step 48", "prefetch 8", "prefetch 16", "prefetch 32"};
  return alternate(argc, argv, fns, names, 64);
}
