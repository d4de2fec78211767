// Where a benchmark harness moves a radix sort's time: CUB and xcub sorts timed in several buffer
// layouts and timing schemes, beside the plain program a CUB user writes (input, output, temp storage
// of the size asked for; warm-up; the median of 15 event-timed calls).
//   nvcc -std=c++17 --expt-relaxed-constexpr -arch=sm_90 -O3 $(scripts/xcub-flags cuda) bench/cuda/harness_probe.cu
#include <cub/device/device_radix_sort.cuh>

#include <xcub/device/device_radix_sort.hpp>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <vector>

#include "bench_inputs.hpp"

#define CK(...) do { cudaError_t e_ = (__VA_ARGS__); if (e_ != cudaSuccess) { std::printf("%s: %s\n", #__VA_ARGS__, cudaGetErrorString(e_)); std::exit(1); } } while (0)

using xcub_bench::device::mix;  // the benchmarks' hash (bench_inputs.hpp)

template <class T>
__global__ void fill_kernel(T* p, std::size_t n, unsigned salt) {
  for (std::size_t i = blockIdx.x * std::size_t{blockDim.x} + threadIdx.x; i < n; i += std::size_t{gridDim.x} * blockDim.x)
    p[i] = static_cast<T>(mix(i ^ (std::uint64_t{salt} << 40)));
}

template <class K, class V>
struct bufs {
  K* ki = nullptr; K* ko = nullptr; V* vi = nullptr; V* vo = nullptr; void* t = nullptr; std::size_t tb = 0;
};

template <bool Cub, class K, class V, class N = int>
cudaError_t sort(void* t, std::size_t& tb, const bufs<K, V>& b, N n) {
  if constexpr (std::is_void_v<V>) {
    if constexpr (Cub) return cub::DeviceRadixSort::SortKeys(t, tb, b.ki, b.ko, n);
    else return xcub::DeviceRadixSort::SortKeys(t, tb, b.ki, b.ko, n);
  } else {
    if constexpr (Cub) return cub::DeviceRadixSort::SortPairs(t, tb, b.ki, b.ko, b.vi, b.vo, n);
    else return xcub::DeviceRadixSort::SortPairs(t, tb, b.ki, b.ko, b.vi, b.vo, n);
  }
}

template <bool Cub, class K, class V>
std::size_t temp_bytes(int n) {
  bufs<K, V> b;
  std::size_t tb = 0;
  CK(sort<Cub, K, V>(nullptr, tb, b, n));
  return tb;
}

float med(std::vector<float> v) { std::sort(v.begin(), v.end()); return v[v.size() / 2]; }

template <class F>
float time_alone(F f, int runs = 15) {
  cudaEvent_t a, z;
  CK(cudaEventCreate(&a)); CK(cudaEventCreate(&z));
  for (int i = 0; i < 3; ++i) f();
  CK(cudaDeviceSynchronize());
  std::vector<float> ms(runs);
  for (int i = 0; i < runs; ++i) {
    CK(cudaEventRecord(a)); f(); CK(cudaEventRecord(z)); CK(cudaEventSynchronize(z));
    CK(cudaEventElapsedTime(&ms[i], a, z));
  }
  return med(ms);
}

using VoidOr = void;

template <class K, class V>
void probe(const char* name, int n) {
  using Vs = std::conditional_t<std::is_void_v<V>, char, V>;
  const bool pairs = !std::is_void_v<V>;
  const std::size_t ct = temp_bytes<true, K, V>(n), xt = temp_bytes<false, K, V>(n);
  std::printf("\n== %s n=%d  temp: CUB %.3f GB, xcub %.3f GB\n", name, n, ct / 1e9, xt / 1e9);
  auto alloc = [](std::size_t bytes) { void* p; CK(cudaMalloc(&p, bytes ? bytes : 1)); return p; };
  auto fill_in = [&](bufs<K, Vs>& b) {
    fill_kernel<K><<<2048, 256>>>(b.ki, n, 7);
    if (pairs) fill_kernel<Vs><<<2048, 256>>>(b.vi, n, 11);
    CK(cudaDeviceSynchronize());
  };
  auto run = [&](bool cub, bufs<K, Vs>& b) {
    bufs<K, V> bb{b.ki, b.ko, pairs ? (decltype(bb.vi))b.vi : nullptr, pairs ? (decltype(bb.vo))b.vo : nullptr, b.t, b.tb};
    std::size_t tb = b.tb;
    CK(cub ? sort<true, K, V>(b.t, tb, bb, n) : sort<false, K, V>(b.t, tb, bb, n));
  };
  // 1. plain program: in, out, temp (exact), one side per process-phase; freed after
  for (int round = 0; round < 2; ++round)
    for (int side = 0; side < 2; ++side) {
      const bool cub = (side == 0) == (round == 0);
      bufs<K, Vs> b;
      b.ki = (K*)alloc(n * sizeof(K)); b.ko = (K*)alloc(n * sizeof(K));
      if (pairs) { b.vi = (Vs*)alloc(n * sizeof(Vs)); b.vo = (Vs*)alloc(n * sizeof(Vs)); }
      b.tb = cub ? ct : xt; b.t = alloc(b.tb);
      fill_in(b);
      const float ms = time_alone([&] { run(cub, b); });
      std::printf("  plain, own buffers           %-4s %.3f ms\n", cub ? "CUB" : "xcub", ms);
      cudaFree(b.ki); cudaFree(b.ko); cudaFree(b.vi); cudaFree(b.vo); cudaFree(b.t);
    }
  // 2. plain with mt19937_64 keys from the host
  {
    bufs<K, Vs> b;
    b.ki = (K*)alloc(n * sizeof(K)); b.ko = (K*)alloc(n * sizeof(K));
    if (pairs) { b.vi = (Vs*)alloc(n * sizeof(Vs)); b.vo = (Vs*)alloc(n * sizeof(Vs)); }
    std::mt19937_64 g(42);
    std::vector<K> hk(n); for (auto& k : hk) k = static_cast<K>(g());
    CK(cudaMemcpy(b.ki, hk.data(), n * sizeof(K), cudaMemcpyHostToDevice));
    if (pairs) { std::vector<Vs> hv(n); for (auto& v : hv) v = static_cast<Vs>(g()); CK(cudaMemcpy(b.vi, hv.data(), n * sizeof(Vs), cudaMemcpyHostToDevice)); }
    for (int side = 0; side < 2; ++side) {
      const bool cub = side == 0;
      b.tb = cub ? ct : xt; b.t = alloc(b.tb);
      std::printf("  plain, mt19937 keys          %-4s %.3f ms\n", cub ? "CUB" : "xcub", time_alone([&] { run(cub, b); }));
      cudaFree(b.t);
    }
    cudaFree(b.ki); cudaFree(b.ko); cudaFree(b.vi); cudaFree(b.vo);
  }
  // 3. the bench harness's layout: keys, x_keys, c_keys, values, x_values, c_values, then two temps of max size;
  //    (a) swapped interleaved, (b) fixed slots interleaved, (c) fixed slots, each alone, (d) fixed slots with exact temps
  {
    K* keys = (K*)alloc(n * sizeof(K)); K* xk = (K*)alloc(n * sizeof(K)); K* ck = (K*)alloc(n * sizeof(K));
    Vs *vals = nullptr, *xv = nullptr, *cv = nullptr;
    if (pairs) { vals = (Vs*)alloc(n * sizeof(Vs)); xv = (Vs*)alloc(n * sizeof(Vs)); cv = (Vs*)alloc(n * sizeof(Vs)); }
    const std::size_t mt = std::max(ct, xt);
    void* t0 = alloc(mt); void* t1 = alloc(mt);
    bufs<K, Vs> s0{keys, xk, vals, xv, t0, mt}, s1{keys, ck, vals, cv, t1, mt};
    fill_in(s0);
    cudaEvent_t e[3];
    for (auto& ev : e) CK(cudaEventCreate(&ev));
    auto interleaved = [&](auto a, auto b, const char* what) {
      for (int i = 0; i < 3; ++i) a(), b();
      std::vector<float> ma(20), mb(20);
      for (int i = 0; i < 20; ++i) {
        const bool af = i % 2 == 0;
        CK(cudaEventRecord(e[0])); af ? a() : b(); CK(cudaEventRecord(e[1])); af ? b() : a(); CK(cudaEventRecord(e[2]));
        CK(cudaEventSynchronize(e[2]));
        CK(cudaEventElapsedTime(af ? &ma[i] : &mb[i], e[0], e[1]));
        CK(cudaEventElapsedTime(af ? &mb[i] : &ma[i], e[1], e[2]));
      }
      std::printf("  harness layout, %-13s xcub %.3f ms, CUB %.3f ms, ratio %.3f\n", what, med(ma), med(mb), med(mb) / med(ma));
    };
    int xr = 0, cr = 0;
    bufs<K, Vs>* slot[2] = {&s0, &s1};
    interleaved([&] { run(false, *slot[xr++ % 2]); }, [&] { run(true, *slot[1 - cr++ % 2]); }, "swapped");
    interleaved([&] { run(false, s0); }, [&] { run(true, s1); }, "fixed");
    interleaved([&] { run(false, s1); }, [&] { run(true, s0); }, "fixed, flipped");
    std::printf("  harness layout, alone, fixed xcub %.3f ms, CUB %.3f ms\n", time_alone([&] { run(false, s0); }),
                time_alone([&] { run(true, s1); }));
    std::printf("  harness layout, alone, flipped xcub %.3f ms, CUB %.3f ms\n", time_alone([&] { run(false, s1); }),
                time_alone([&] { run(true, s0); }));
    cudaFree(t0); cudaFree(t1);
    // exact temps allocated after the outputs
    t0 = alloc(xt); t1 = alloc(ct);
    s0.t = t0; s0.tb = xt; s1.t = t1; s1.tb = ct;
    interleaved([&] { run(false, s0); }, [&] { run(true, s1); }, "exact temps");
    std::printf("  harness layout, exact temps, alone xcub %.3f ms, CUB %.3f ms\n", time_alone([&] { run(false, s0); }),
                time_alone([&] { run(true, s1); }));
    cudaFree(t0); cudaFree(t1);
    cudaFree(keys); cudaFree(xk); cudaFree(ck); cudaFree(vals); cudaFree(xv); cudaFree(cv);
  }
}

template <class K, class V>
void probe_counts(const char* name, int n) {
  using Vs = std::conditional_t<std::is_void_v<V>, char, V>;
  const bool pairs = !std::is_void_v<V>;
  std::printf("\n== %s n=%d: the count's type (plain program, own buffers)\n", name, n);
  auto alloc = [](std::size_t bytes) { void* p; CK(cudaMalloc(&p, bytes ? bytes : 1)); return p; };
  auto one = [&](auto count, bool cub, const char* what) {
    using N = decltype(count);
    bufs<K, V> b;
    b.ki = (K*)alloc(n * sizeof(K)); b.ko = (K*)alloc(n * sizeof(K));
    if constexpr (!std::is_void_v<V>) { b.vi = (V*)alloc(n * sizeof(V)); b.vo = (V*)alloc(n * sizeof(V)); }
    fill_kernel<K><<<2048, 256>>>(b.ki, n, 7);
    if constexpr (!std::is_void_v<V>) fill_kernel<V><<<2048, 256>>>(b.vi, n, 11);
    std::size_t tb = 0;
    CK(cub ? sort<true, K, V, N>(nullptr, tb, b, N(n)) : sort<false, K, V, N>(nullptr, tb, b, N(n)));
    void* t = alloc(tb);
    const float ms = time_alone([&] { std::size_t x = tb; CK(cub ? sort<true, K, V, N>(t, x, b, N(n)) : sort<false, K, V, N>(t, x, b, N(n))); });
    std::printf("  %-9s %-4s temp %.3f GB  %.3f ms\n", what, cub ? "CUB" : "xcub", tb / 1e9, ms);
    cudaFree(b.ki); cudaFree(b.ko); cudaFree((void*)b.vi); cudaFree(b.vo); cudaFree(t);
  };
  (void)pairs;
  for (bool cub : {true, false}) {
    one(int(0), cub, "int");
    one(std::size_t(0), cub, "size_t");
    one(std::int64_t(0), cub, "int64_t");
    one(unsigned(0), cub, "unsigned");
  }
}

int main() {
  cudaDeviceProp p{};
  CK(cudaGetDeviceProperties(&p, 0));
  std::printf("%s\n", p.name);
  probe_counts<std::uint32_t, void>("SortKeys u32", 1 << 28);
  probe_counts<std::uint32_t, std::uint32_t>("SortPairs u32/u32", 1 << 28);
  probe_counts<std::uint64_t, void>("SortKeys u64", 1 << 27);
  if (std::getenv("PROBE_COUNTS_ONLY")) return 0;
  probe<std::uint32_t, void>("SortKeys u32", 1 << 28);
  probe<std::uint32_t, std::uint32_t>("SortPairs u32/u32", 1 << 28);
  probe<std::uint64_t, void>("SortKeys u64", 1 << 27);
  probe<std::uint32_t, void>("SortKeys u32", 1 << 24);
  probe<std::uint32_t, std::uint32_t>("SortPairs u32/u32", 1 << 24);
}
