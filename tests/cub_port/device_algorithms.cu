// A CUB program in CUB's spelling (ported by scripts/cub-to-xcub.sed at build time): the device layer
// with the two-phase temp-storage call. DeviceReduce::Reduce with cuda::std::plus<> (std::plus<> where
// libcu++ is absent), DeviceScan::ExclusiveSum, DeviceSelect::If, DeviceRadixSort::SortPairs, and
// DeviceRadixSort::SortKeys of a struct key through a decomposer that returns ::cuda::std::tuple (a
// std::tuple where libcu++ is absent), checked against the reference on random input (seed printed).
#define CUB_STDERR

#include <cub/device/device_radix_sort.cuh>
#include <cub/device/device_reduce.cuh>
#include <cub/device/device_scan.cuh>
#include <cub/device/device_select.cuh>
#include <cub/util_allocator.cuh>
#include <cub/util_debug.cuh>

#include <xcub/reference/scan.hpp>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <numeric>
#include <random>
#include <tuple>
#include <vector>

#if __has_include(<cuda/std/functional>) && __has_include(<cuda/std/tuple>)
#include <cuda/std/functional>
#include <cuda/std/tuple>
namespace op_ns = ::cuda::std;  // what CUB 3.x code writes
#else
namespace op_ns = ::std;
#endif

cub::CachingDeviceAllocator g_allocator(true);

struct custom_t {
  float f;
  long long lli;
};
struct decomposer_t {
  __host__ __device__ op_ns::tuple<float&, long long&> operator()(custom_t& key) const { return {key.f, key.lli}; }
};
struct is_even {
  __host__ __device__ bool operator()(int x) const { return x % 2 == 0; }
};

template <class T>
T* to_device(const std::vector<T>& h) {
  T* d = nullptr;
  CubDebugExit(g_allocator.DeviceAllocate((void**)&d, sizeof(T) * (h.size() ? h.size() : 1)));
  CubDebugExit(cudaMemcpy(d, h.data(), sizeof(T) * h.size(), cudaMemcpyHostToDevice));
  return d;
}
template <class T>
std::vector<T> to_host(const T* d, size_t n) {
  std::vector<T> h(n);
  CubDebugExit(cudaMemcpy(h.data(), d, sizeof(T) * n, cudaMemcpyDeviceToHost));
  return h;
}
/// Runs a two-phase call: the size query, then the call with the allocation.
template <class Call>
void two_phase(Call call) {
  void* d_temp_storage = nullptr;
  size_t temp_storage_bytes = 0;
  CubDebugExit(call(d_temp_storage, temp_storage_bytes));
  CubDebugExit(g_allocator.DeviceAllocate(&d_temp_storage, temp_storage_bytes));
  CubDebugExit(call(d_temp_storage, temp_storage_bytes));
  CubDebugExit(g_allocator.DeviceFree(d_temp_storage));
}

int main(int argc, char** argv) {
  const unsigned long long seed = argc > 1 ? std::strtoull(argv[1], nullptr, 10) : std::random_device{}();
  std::printf("device_algorithms: seed %llu\n", seed);
  std::mt19937_64 rng(seed);
  int failures = 0;
  auto check = [&](bool ok, const char* what) {
    if (!ok) {
      std::printf("%s: differs\n", what);
      ++failures;
    }
  };

  const int num_items = 5000;
  std::vector<int> h_in(num_items), h_values(num_items);
  for (int& x : h_in) x = static_cast<int>(rng() % 20001) - 10000;
  std::iota(h_values.begin(), h_values.end(), 0);
  int* d_in = to_device(h_in);
  int* d_values = to_device(h_values);
  int* d_out = to_device(std::vector<int>(num_items));
  int* d_out_values = to_device(std::vector<int>(num_items));
  int* d_num_selected = to_device(std::vector<int>(1));

  // DeviceReduce::Reduce with the libcu++ functor CUB 3.x code passes
  two_phase([&](void* t, size_t& b) { return cub::DeviceReduce::Reduce(t, b, d_in, d_out, num_items, op_ns::plus<>{}, 0); });
  check(to_host(d_out, 1)[0] == std::accumulate(h_in.begin(), h_in.end(), 0), "DeviceReduce::Reduce");

  two_phase([&](void* t, size_t& b) { return cub::DeviceScan::ExclusiveSum(t, b, d_in, d_out, num_items); });
  check(to_host(d_out, num_items) == xcub::reference::exclusive_scan(h_in, 0, std::plus<>{}), "DeviceScan::ExclusiveSum");

  two_phase([&](void* t, size_t& b) { return cub::DeviceSelect::If(t, b, d_in, d_out, d_num_selected, num_items, is_even{}); });
  std::vector<int> evens;
  std::copy_if(h_in.begin(), h_in.end(), std::back_inserter(evens), is_even{});
  const int selected = to_host(d_num_selected, 1)[0];
  check(selected == static_cast<int>(evens.size()) && to_host(d_out, evens.size()) == evens, "DeviceSelect::If");

  two_phase([&](void* t, size_t& b) {
    return cub::DeviceRadixSort::SortPairs(t, b, d_in, d_out, d_values, d_out_values, num_items);
  });
  std::vector<int> order(num_items);
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return h_in[a] < h_in[b]; });
  std::vector<int> sorted_keys(num_items);
  for (int i = 0; i < num_items; ++i) sorted_keys[i] = h_in[order[i]];
  check(to_host(d_out, num_items) == sorted_keys && to_host(d_out_values, num_items) == order, "DeviceRadixSort::SortPairs");

  // struct keys through a decomposer: by f, then by lli
  std::vector<custom_t> h_keys(num_items);
  for (custom_t& k : h_keys) k = {static_cast<float>(rng() % 64) - 32.f, static_cast<long long>(rng() % 1000) - 500};
  custom_t* d_keys = to_device(h_keys);
  custom_t* d_keys_out = to_device(h_keys);
  two_phase([&](void* t, size_t& b) { return cub::DeviceRadixSort::SortKeys(t, b, d_keys, d_keys_out, num_items, decomposer_t{}); });
  std::vector<custom_t> want_keys = h_keys;
  std::stable_sort(want_keys.begin(), want_keys.end(),
                   [](const custom_t& a, const custom_t& b) { return a.f < b.f || (a.f == b.f && a.lli < b.lli); });
  const std::vector<custom_t> got_keys = to_host(d_keys_out, num_items);
  check(std::equal(got_keys.begin(), got_keys.end(), want_keys.begin(),
                   [](const custom_t& a, const custom_t& b) { return a.f == b.f && a.lli == b.lli; }),
        "DeviceRadixSort::SortKeys with a decomposer");

  for (void* p : {(void*)d_in, (void*)d_values, (void*)d_out, (void*)d_out_values, (void*)d_num_selected, (void*)d_keys,
                  (void*)d_keys_out})
    CubDebugExit(g_allocator.DeviceFree(p));
  std::printf("%s\n", failures == 0 ? "CORRECT" : "FAIL");
  return failures == 0 ? 0 : 1;
}
