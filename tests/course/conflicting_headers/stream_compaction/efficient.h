#pragma once

namespace StreamCompaction {
namespace Efficient {
int compact(int n, int* odata, const int* idata);
}
}  // namespace StreamCompaction
