// Memory shared with child processes without copying it through a pipe: an anonymous file
// (memfd) that the parent sizes and fills and each child maps read-only through the descriptor
// it inherits. Nothing is left behind in /dev/shm when a process dies.
#pragma once

#include <cstddef>
#include <cstdint>

namespace parprim::isolation {

/// The owner's side: a resizable region mapped read-write here.
class shared_region {
 public:
  explicit shared_region(const char* name);
  ~shared_region();
  shared_region(const shared_region&) = delete;
  shared_region& operator=(const shared_region&) = delete;

  /// The descriptor to hand to a child (child_spec::fds): a read-only one of the same file, so
  /// that a child can map it but never write it (a plugin may write into every descriptor it
  /// holds; the inputs and expected outputs here must survive that).
  int child_fd() const { return child_fd_; }
  /// Sets the size to `bytes` and maps all of it again: pointers from before are invalid,
  /// contents up to the smaller of the two sizes are kept. Throws std::bad_alloc when the
  /// memory cannot be had.
  std::byte* resize(std::uint64_t bytes);
  std::byte* data() const { return data_; }
  std::uint64_t size() const { return size_; }

 private:
  int fd_ = -1;
  int child_fd_ = -1;
  std::byte* data_ = nullptr;
  std::uint64_t size_ = 0;
};

/// A child's side: the first `bytes` of an inherited region, read-only.
class shared_view {
 public:
  shared_view(int fd, std::uint64_t bytes);
  ~shared_view();
  shared_view(const shared_view&) = delete;
  shared_view& operator=(const shared_view&) = delete;
  const std::byte* data() const { return data_; }

 private:
  const std::byte* data_ = nullptr;
  std::uint64_t size_ = 0;
};

}  // namespace parprim::isolation
