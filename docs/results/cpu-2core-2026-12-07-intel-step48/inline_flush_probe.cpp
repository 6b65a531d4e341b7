// Probe after step 48 (issue 35, Intel VM, 2026-12-07): the split's loop with each bucket's fill
// count in its line (step 48's form) with its full line stored four ways: four 16-byte
// streaming stores (the code), one 64-byte streaming store, none (the branch alone), and the
// bare loop with neither branch nor flush (wrong output, its bound).
#define LINE_STORE_PROBE_PARTS
#include "line_store_probe.cpp"
#include "inline_split.hpp"

int main(int argc, char** argv) {
  const split_fn fns[4] = {split_inline<1, sse_nt, 0>, split_inline<1, zmm_nt, 0>,
                           split_inline<1, none, 0>, bare_inline};
  const char* const names[4] = {"step 48 (4 x 16 B)", "1 x 64 B", "no line store", "bare"};
  return alternate(argc, argv, fns, names, 64);
}
