// Where pass k of a multi-pass algorithm (a radix sort's digits, a naive scan's steps) reads
// from and writes to, so that the input is never written and the last pass lands in the output.
#pragma once

namespace parprim::host {

template <class T>
struct ping_pong {
  const T* source;
  T* destination;
};

/// Passes alternate between the output and a scratch buffer, ending in the output.
template <class T>
ping_pong<T> pass_buffers(unsigned k, unsigned count, const T* in, T* out, T* scratch) {
  const bool to_out = (count - 1 - k) % 2 == 0;
  T* destination = to_out ? out : scratch;
  const T* source = k == 0 ? in : (to_out ? scratch : out);
  return {source, destination};
}

}  // namespace parprim::host
