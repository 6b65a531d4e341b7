#include "parprim/isolation/shared_region.hpp"

#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>

#include <cerrno>
#include <new>
#include <string>
#include <system_error>

namespace parprim::isolation {

shared_region::shared_region(const char* name) {
  fd_ = memfd_create(name, MFD_CLOEXEC);
  if (fd_ < 0) throw std::system_error(errno, std::generic_category(), "memfd_create");
  // A second open file description of the same file, read-only: writes through it fail with
  // EBADF, and a shared mapping of it cannot be made writable.
  const std::string self = "/proc/self/fd/" + std::to_string(fd_);
  child_fd_ = open(self.c_str(), O_RDONLY | O_CLOEXEC);
  if (child_fd_ < 0) {
    const int e = errno;
    close(fd_);
    throw std::system_error(e, std::generic_category(), "a read-only descriptor of " + self);
  }
}

shared_region::~shared_region() {
  if (data_) munmap(data_, size_);
  if (child_fd_ >= 0) close(child_fd_);
  if (fd_ >= 0) close(fd_);
}

std::byte* shared_region::resize(std::uint64_t bytes) {
  if (data_) munmap(data_, size_);
  data_ = nullptr;
  size_ = 0;
  if (ftruncate(fd_, off_t(bytes)) != 0) throw std::bad_alloc();
  if (bytes == 0) return nullptr;
  void* p = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_SHARED, fd_, 0);
  if (p == MAP_FAILED) throw std::bad_alloc();
  data_ = static_cast<std::byte*>(p);
  size_ = bytes;
  return data_;
}

shared_view::shared_view(int fd, std::uint64_t bytes) : size_(bytes) {
  if (bytes == 0) return;
  void* p = mmap(nullptr, bytes, PROT_READ, MAP_SHARED, fd, 0);
  if (p == MAP_FAILED)
    throw std::system_error(errno, std::generic_category(), "mapping the shared inputs");
  data_ = static_cast<const std::byte*>(p);
}

shared_view::~shared_view() {
  if (data_) munmap(const_cast<std::byte*>(data_), size_);
}

}  // namespace parprim::isolation
