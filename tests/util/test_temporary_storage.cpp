// AliasTemporaries: the two phases, alignment, bounds and overlap of the pieces, and refusal of
// storage that is too small, on random piece counts and sizes.
#include "test_support.hpp"

#include <xcub/util/temporary_storage.hpp>

#include <vector>

namespace {
template <int N>
void check_layout(std::mt19937_64& rng) {
  std::size_t sizes[N];
  for (auto& s : sizes) s = (rng() % 4 == 0) ? 0 : rng() % 5000;  // zero-sized pieces too
  void* pieces[N];
  std::size_t bytes = 0;
  REQUIRE(xcub::AliasTemporaries(nullptr, bytes, pieces, sizes) == xcub::success);
  std::size_t sum = 0;
  for (std::size_t s : sizes) sum += s;
  CHECK(bytes >= sum);

  const std::size_t misalign = rng() % 256;  // the storage may start anywhere
  std::vector<unsigned char> storage(bytes + misalign);
  unsigned char* base = storage.data() + misalign;
  for (auto& p : pieces) p = nullptr;

  std::size_t too_small = bytes - 1;
  CHECK(xcub::AliasTemporaries(base, too_small, pieces, sizes) == xcub::error_invalid_value);
  for (void* p : pieces) CHECK(p == nullptr);  // nothing written on refusal

  REQUIRE(xcub::AliasTemporaries(base, bytes, pieces, sizes) == xcub::success);
  for (int i = 0; i < N; ++i) {
    const auto* p = static_cast<unsigned char*>(pieces[i]);
    CHECK(reinterpret_cast<std::uintptr_t>(p) % xcub::temporary_storage_alignment == 0);
    CHECK(p >= base);
    CHECK(p + sizes[i] <= base + bytes);
    for (int j = 0; j < i; ++j) {
      const auto* q = static_cast<unsigned char*>(pieces[j]);
      const bool apart = p + sizes[i] <= q || q + sizes[j] <= p;
      CHECK((apart || sizes[i] == 0 || sizes[j] == 0));
    }
  }
}
}  // namespace

TEST_CASE("util: AliasTemporaries carves aligned, disjoint pieces in two phases") {
  XCUB_TEST_CONTEXT();
  auto rng = xcub_test::rng_for("util: AliasTemporaries");
  for (int round = 0; round < 50; ++round) {
    check_layout<1>(rng);
    check_layout<2>(rng);
    check_layout<5>(rng);
  }
}
