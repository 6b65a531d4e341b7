// A shared object that exports nothing parprim looks for.
extern "C" __attribute__((visibility("default"))) int unrelated_function() {
  return 42;
}
