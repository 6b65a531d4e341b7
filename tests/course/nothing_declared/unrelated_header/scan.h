#pragma once
// A header, but none of the course's functions: its namespace is not StreamCompaction.
namespace MyScan {
void scan(int n, int* odata, const int* idata);
}
