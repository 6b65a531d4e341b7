#pragma once

namespace StreamCompaction {
namespace Efficient {
int compact(int n, int* odata, const int* idata);
}
namespace MoreEfficient {
// Declared and defined by no source, as one submission's is (its own test program never calls
// it): the adapter skips it, where calling it would stop the plugin's link.
int compact(int n, int* odata, const int* idata);
}
}  // namespace StreamCompaction
