// The contract every device entry point's size query keeps (the size-query and signature tests of
// tests/device and tests/device_sort): with d_temp_storage null the call only answers the size,
// whatever the data pointers are; null data pointers are refused by the second call, which then
// writes nothing.
#pragma once

#include <xcub/runtime.hpp>
#include <xcub/util/device_buffer.hpp>

#include <cstddef>

#include "test_support.hpp"

namespace xcub_test {

/// p where `real`, else a null pointer of its type.
template <class T>
T* or_null(bool real, T* p) {
  return real ? p : nullptr;
}

/// `call(temp, bytes, real)` calls one entry point with the test's buffers (real) or with a null
/// pointer in place of every data pointer. The query with null pointers answers the size the
/// query with real ones does; the second call with null pointers is refused, keeps `bytes`, and
/// leaves the outputs as `untouched()` expects them; then the call with real pointers runs (its
/// results are the test's to check).
template <class Call, class Untouched>
void check_two_phases(Call call, Untouched untouched) {
  std::size_t null_bytes = 0, real_bytes = 0;
  REQUIRE(call(nullptr, null_bytes, false) == xcub::success);
  REQUIRE(call(nullptr, real_bytes, true) == xcub::success);
  CHECK(null_bytes == real_bytes);
  REQUIRE(null_bytes >= 1);
  xcub::device_buffer<unsigned char> temp(null_bytes);
  std::size_t bytes = null_bytes;
  CHECK(call(temp.data(), bytes, false) == xcub::error_invalid_value);
  CHECK(bytes == null_bytes);
  XCUB_TEST_CALL(xcub::device_synchronize());
  untouched();
  bytes = null_bytes;
  XCUB_TEST_CALL(call(temp.data(), bytes, true));
  XCUB_TEST_CALL(xcub::device_synchronize());
}

/// `f(bytes)` is a size query (null temp storage, any data pointers): it answers.
template <class F>
void answers(F f) {
  std::size_t bytes = 0;
  CHECK(f(bytes) == xcub::success);
  CHECK(bytes >= 1);
}

}  // namespace xcub_test
