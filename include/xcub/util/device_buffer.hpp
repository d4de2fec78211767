// xcub/util/device_buffer.hpp: an owning, move-only array in device memory, for host code.
//
//   xcub::device_buffer<int> d(n);            // n uninitialised ints on the device
//   d.upload(host_vector);                    // host -> device (sizes must match)
//   std::vector<int> h = d.download();        // device -> host
//   xcub::launch(grid, block, 0, 0, kernel, d.data(), n);
//
// Allocation failure throws std::bad_alloc; a failed copy throws std::runtime_error naming
// the backend's error.
#pragma once

#include <cstddef>
#include <new>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include <xcub/runtime.hpp>

namespace xcub {

template <class T>
class device_buffer {
  static_assert(std::is_trivially_copyable_v<T>, "device_buffer holds trivially copyable types only");

 public:
  device_buffer() = default;
  explicit device_buffer(std::size_t count) : count_(count) {
    if (count == 0) return;
    void* p = nullptr;
    if (device_malloc(&p, count * sizeof(T)) != success) throw std::bad_alloc();
    data_ = static_cast<T*>(p);
  }
  explicit device_buffer(const std::vector<T>& host) : device_buffer(host.size()) { upload(host); }
  device_buffer(device_buffer&& other) noexcept
      : data_(std::exchange(other.data_, nullptr)), count_(std::exchange(other.count_, 0)) {}
  device_buffer& operator=(device_buffer&& other) noexcept {
    std::swap(data_, other.data_);
    std::swap(count_, other.count_);
    return *this;
  }
  device_buffer(const device_buffer&) = delete;
  device_buffer& operator=(const device_buffer&) = delete;
  ~device_buffer() {
    if (data_) (void)device_free(data_);
  }

  T* data() const { return data_; }
  std::size_t size() const { return count_; }

  void upload(const std::vector<T>& host) {
    if (host.size() != count_) throw std::invalid_argument("device_buffer::upload: size mismatch");
    check(xcub::memcpy(data_, host.data(), count_ * sizeof(T)), "upload");
  }
  std::vector<T> download() const {
    std::vector<T> host(count_);
    check(xcub::memcpy(host.data(), data_, count_ * sizeof(T)), "download");
    return host;
  }
  /// Sets every byte to `byte` (0xFF poisons outputs so that unwritten items show up).
  void fill_bytes(int byte) { check(xcub::memset(data_, byte, count_ * sizeof(T)), "fill_bytes"); }

 private:
  static void check(error_t e, const char* what) {
    if (e != success) throw std::runtime_error(std::string("device_buffer::") + what + ": " + error_string(e));
  }
  T* data_ = nullptr;
  std::size_t count_ = 0;
};

}  // namespace xcub
