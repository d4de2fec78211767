// BlockLoad and BlockStore: every algorithm (DIRECT, STRIPED, VECTORIZE, TRANSPOSE, WARP_TRANSPOSE,
// WARP_TRANSPOSE_TIMESLICED) and CUB's free functions (LoadDirectBlocked, LoadDirectBlockedVectorized,
// LoadDirectStriped, LoadDirectWarpStriped and the StoreDirect* ones), full tiles and partial ones
// (valid_items 0, 1, tile - 1, tile, past the tile, random), with and without oob_default, over block
// sizes with and without partial warps, 2D and 3D blocks, 1 to 16 items per thread, 1- to 12-byte
// items; through pointers (aligned and misaligned by one item), CountingInputIterator,
// TransformInputIterator, CacheModifiedInputIterator, TransformOutputIterator,
// CacheModifiedOutputIterator and DiscardOutputIterator; explicit and private TempStorage; and one
// union of BlockLoad's, BlockExchange's and BlockStore's TempStorage reused after barriers.
// Expected values come from the oracle (xcub/reference/exchange.hpp).
#include "iterator_sources.hpp"
#include "test_support.hpp"
#include "test_types.hpp"

#include <xcub/block/block_exchange.hpp>
#include <xcub/block/block_load.hpp>
#include <xcub/block/block_store.hpp>
#include <xcub/block/load_store_direct.hpp>
#include <xcub/reference/exchange.hpp>

#include <string>
#include <type_traits>

namespace arch = xcub::arch;
namespace ref = xcub::reference;

namespace {
constexpr int WT = arch::warp_threads;

// The algorithms, one number for both classes (their enumerators are in the same order), then the
// free functions.
enum alg : int { direct, striped, vectorize, transpose, warp_transpose, timesliced, f_blocked, f_vectorized,
                 f_striped, f_warp_striped, algs };
static_assert(int(xcub::BLOCK_LOAD_WARP_TRANSPOSE_TIMESLICED) == timesliced &&
              int(xcub::BLOCK_STORE_WARP_TRANSPOSE_TIMESLICED) == timesliced &&
              int(xcub::BLOCK_STORE_VECTORIZE) == vectorize && int(xcub::BLOCK_LOAD_TRANSPOSE) == transpose);
const char* const alg_names[algs] = {"DIRECT", "STRIPED", "VECTORIZE", "TRANSPOSE", "WARP_TRANSPOSE",
                                     "WARP_TRANSPOSE_TIMESLICED", "Load/StoreDirectBlocked",
                                     "Load/StoreDirectBlockedVectorized", "Load/StoreDirectStriped",
                                     "Load/StoreDirectWarpStriped"};
constexpr bool needs_whole_warps(int a) { return a == warp_transpose || a == timesliced || a == f_warp_striped; }
constexpr bool transposes(int a) { return a >= transpose && a <= timesliced; }

enum channel : int { c_full, c_partial, c_oob, channels };
const char* const channel_names[channels] = {"Load(it, items)", "Load(it, items, valid_items)",
                                             "Load(it, items, valid_items, oob_default)"};

/// Where thread r's item i lies in the tile, for algorithm `a`.
std::size_t position(int a, std::size_t threads, std::size_t ipt, std::size_t r, std::size_t i) {
  if (a == striped || a == f_striped) return ref::striped{threads}(r, i);
  if (a == f_warp_striped) return ref::warp_striped{ipt, static_cast<std::size_t>(WT)}(r, i);
  return ref::blocked{ipt}(r, i);
}

// Each block loads its tile three ways (full, partial, partial with oob_default), dumping the items
// to `regs_out`, and stores the items `regs_in` gives it twice, whole and partially. PRIVATE: the
// objects are default-constructed (private storage); else they share one explicit TempStorage.
// A barrier separates the uses of the storage.
template <class T, int X, int Y, int Z, int IPT, int ALG, bool PRIVATE, class InIt, class OutIt>
XCUB_KERNEL void load_store_kernel(InIt in, const int* valid, T oob, const T* regs_in, T* regs_out, OutIt out_full,
                                   OutIt out_part, unsigned long long n) {
  constexpr int threads = X * Y * Z;
  constexpr int LA = ALG < f_blocked ? ALG : 0;
  using load_t = xcub::BlockLoad<T, X, IPT, xcub::BlockLoadAlgorithm(LA), Y, Z>;
  using store_t = xcub::BlockStore<T, X, IPT, xcub::BlockStoreAlgorithm(LA), Y, Z>;
  static_assert(std::is_same_v<typename load_t::TempStorage, typename store_t::TempStorage>);
  static_assert(std::is_empty_v<typename load_t::TempStorage> == !transposes(LA));
  using storage_t = typename load_t::TempStorage;
  XCUB_SHARED(storage_t, storage);
  const int rank = static_cast<int>(arch::linear_thread_id());
  const unsigned long long b = arch::linear_block_id(), tile = b * threads * IPT, gid = b * threads + rank;
  const auto put = [&](int c, const T (&v)[IPT]) {
    for (int i = 0; i < IPT; ++i) regs_out[(c * n + gid) * IPT + i] = v[i];
  };
  const auto load = [&](T(&a)[IPT], auto... guard) {
    if constexpr (ALG == f_blocked) xcub::LoadDirectBlocked(rank, in + tile, a, guard...);
    else if constexpr (ALG == f_vectorized) {
      if constexpr (sizeof...(guard) == 0) xcub::LoadDirectBlockedVectorized(rank, in + tile, a);
      else xcub::LoadDirectBlocked(rank, in + tile, a, guard...);  // no guarded vectorized form (as CUB)
    }
    else if constexpr (ALG == f_striped) xcub::LoadDirectStriped<threads>(rank, in + tile, a, guard...);
    else if constexpr (ALG == f_warp_striped) xcub::LoadDirectWarpStriped(rank, in + tile, a, guard...);
    else if constexpr (PRIVATE) load_t().Load(in + tile, a, guard...);
    else load_t(storage).Load(in + tile, a, guard...);
  };
  const auto store = [&](OutIt out, const T(&x)[IPT], auto... guard) {
    if constexpr (ALG == f_blocked) xcub::StoreDirectBlocked(rank, out + tile, x, guard...);
    else if constexpr (ALG == f_vectorized) {
      if constexpr (sizeof...(guard) == 0) xcub::StoreDirectBlockedVectorized(rank, out + tile, x);
      else xcub::StoreDirectBlocked(rank, out + tile, x, guard...);
    }
    else if constexpr (ALG == f_striped) xcub::StoreDirectStriped<threads>(rank, out + tile, x, guard...);
    else if constexpr (ALG == f_warp_striped) xcub::StoreDirectWarpStriped(rank, out + tile, x, guard...);
    else if constexpr (PRIVATE) store_t().Store(out + tile, x, guard...);
    else store_t(storage).Store(out + tile, x, guard...);
  };
  T x[IPT], a[IPT];
  for (int i = 0; i < IPT; ++i) x[i] = regs_in[gid * IPT + i];
  load(a);
  put(c_full, a);
  for (int i = 0; i < IPT; ++i) a[i] = x[i];
  arch::sync_threads();
  load(a, valid[b]);
  put(c_partial, a);
  arch::sync_threads();
  for (int i = 0; i < IPT; ++i) a[i] = x[i];
  load(a, valid[b], oob);
  put(c_oob, a);
  arch::sync_threads();
  store(out_full, x);
  arch::sync_threads();
  store(out_part, x, valid[b]);
}
// Where the loads read and the stores write: tests/support/iterator_sources.hpp.
using namespace xcub_test::io;

/// Runs load_store_kernel<T, X, Y, Z, IPT, ALG, PRIVATE> on 6 blocks (every kind of valid_items) and
/// checks every load channel and both stores against the oracle's arrangement.
template <class T, int X, int Y, int Z, int IPT, int ALG, bool PRIVATE, class Source, class Sink>
void check_load_store(Source& source, Sink& sink, std::mt19937_64& rng) {
  constexpr std::size_t threads = X * Y * Z, tile = threads * IPT, blocks = 6, n = blocks * threads;
  INFO(alg_names[ALG] << (PRIVATE ? " (private storage)" : "") << ", block " << X << "x" << Y << "x" << Z << ", "
                      << IPT << " items per thread");
  source.prepare(blocks * tile, rng);
  sink.prepare(blocks * tile);
  const std::vector<int> valid = draw_valid(blocks, tile, rng);
  const std::vector<T> regs_in = xcub_test::random_vector<T>(n * IPT, rng);
  const T oob = xcub_test::random_value<T>(rng);

  std::vector<T> want(channels * n * IPT), want_full, want_part;
  std::vector<bool> unspecified(want.size(), false);
  if constexpr (Sink::has_memory) want_full = want_part = sink.full.download();  // all 0xFF bytes
  for (std::size_t b = 0; b < blocks; ++b) {
    for (std::size_t r = 0; r < threads; ++r) {
      const std::size_t gid = b * threads + r;
      for (std::size_t i = 0; i < IPT; ++i) {
        const std::size_t p = position(ALG, threads, IPT, r, i), at = b * tile + p;
        const bool in = static_cast<long long>(p) < valid[b];
        const auto k = [&](int c) { return (c * n + gid) * IPT + i; };
        want[k(c_full)] = source.at(at);
        want[k(c_partial)] = in ? source.at(at) : regs_in[gid * IPT + i];
        unspecified[k(c_partial)] = !in && transposes(ALG);  // moved by the exchange
        want[k(c_oob)] = in ? source.at(at) : oob;
        if constexpr (Sink::has_memory) {
          want_full[sink.offset + at] = sink.stored(regs_in[gid * IPT + i]);
          if (in) want_part[sink.offset + at] = sink.stored(regs_in[gid * IPT + i]);
        }
      }
    }
  }

  xcub::device_buffer<int> d_valid(valid);
  xcub::device_buffer<T> d_regs_in(regs_in), d_regs_out(want.size());
  typename Sink::iterator out_full{}, out_part{};
  if constexpr (Sink::has_memory) {
    out_full = sink.wrap(sink.full.data() + sink.offset);
    out_part = sink.wrap(sink.part.data() + sink.offset);
  }
  xcub_test::launch_and_wait(
      xcub::dim3(blocks), xcub::dim3(X, Y, Z), 0,
      load_store_kernel<T, X, Y, Z, IPT, ALG, PRIVATE, typename Source::iterator, typename Sink::iterator>,
      source.begin(), d_valid.data(), oob, d_regs_in.data(), d_regs_out.data(), out_full, out_part,
      static_cast<unsigned long long>(n));

  const auto got = d_regs_out.download();
  for (std::size_t j = 0; j < want.size(); ++j) {
    if (unspecified[j]) want[j] = got[j];
  }
  const std::size_t per_channel = n * IPT;
  for (int c = 0; c < channels; ++c) {
    xcub_test::check_equal(std::vector<T>(got.begin() + c * per_channel, got.begin() + (c + 1) * per_channel),
                           std::vector<T>(want.begin() + c * per_channel, want.begin() + (c + 1) * per_channel),
                           channel_names[c]);
  }
  if constexpr (Sink::has_memory) {
    xcub_test::check_equal(sink.full.download(), want_full, "Store(it, items)");
    xcub_test::check_equal(sink.part.download(), want_part, "Store(it, items, valid_items)");
  }
}

/// One algorithm through pointers (`offset` items into their allocations); skipped where it needs
/// whole warps and the block has a partial one.
template <class T, int X, int Y, int Z, int IPT, int ALG, bool PRIVATE = false>
void check_pointers(std::mt19937_64& rng, unsigned in_offset = 0, unsigned out_offset = 0) {
  if constexpr (!(needs_whole_warps(ALG) && (X * Y * Z) % WT != 0)) {
    pointer_source<T> source;
    pointer_sink<T> sink;
    source.offset = in_offset;
    sink.offset = out_offset;
    check_load_store<T, X, Y, Z, IPT, ALG, PRIVATE>(source, sink, rng);
  }
}

/// The algorithms in MASK (bits of `alg`) through pointers.
template <class T, int X, int Y, int Z, int IPT, unsigned MASK, bool PRIVATE, int... As>
void check_algs(std::mt19937_64& rng, std::integer_sequence<int, As...>) {
  (([&] {
     if constexpr (((MASK >> As) & 1u) != 0) check_pointers<T, X, Y, Z, IPT, As, PRIVATE>(rng);
   }()),
   ...);
}
template <class T, int X, int Y, int Z, int IPT, unsigned MASK = (1u << algs) - 1, bool PRIVATE = false>
void check_shape(std::mt19937_64& rng) {
  check_algs<T, X, Y, Z, IPT, MASK, PRIVATE>(rng, std::make_integer_sequence<int, algs>{});
}

constexpr unsigned classes = (1u << f_blocked) - 1;
constexpr unsigned bit(int a) { return 1u << a; }

template <class Check>
void run(const char* name, Check check) {
  auto rng = xcub_test::rng_for(name);
  xcub_test::on_each_schedule(rng, check);
}
}  // namespace

TEST_CASE("block load/store: every algorithm and free function (int32, 128 threads, 4 items)") {
  XCUB_TEST_CONTEXT();
  run("block load store all", [](std::mt19937_64& r) {
    check_shape<std::int32_t, 128, 1, 1, 4>(r);
    check_shape<std::int32_t, 64, 1, 1, 8, classes, true>(r);  // private storage
  });
}

TEST_CASE("block load/store: block sizes with partial warps, 2D and 3D, 1 to 16 items per thread") {
  XCUB_TEST_CONTEXT();
  run("block load store sizes", [](std::mt19937_64& r) {
    using i32 = std::int32_t;
    check_shape<i32, 33, 1, 1, 3, bit(direct) | bit(striped) | bit(transpose) | bit(f_striped)>(r);
    check_shape<i32, 100, 1, 1, 5, bit(vectorize) | bit(transpose) | bit(f_blocked) | bit(f_warp_striped)>(r);
    check_shape<i32, 130, 1, 1, 2, bit(striped) | bit(vectorize) | bit(transpose) | bit(f_vectorized)>(r);
    check_shape<i32, 16, 4, 1, 7, classes | bit(f_warp_striped)>(r);
    check_shape<i32, 8, 4, 2, 6, bit(transpose) | bit(warp_transpose) | bit(timesliced) | bit(f_striped)>(r);
    check_shape<i32, 32, 1, 1, 16, bit(vectorize) | bit(transpose) | bit(warp_transpose) | bit(timesliced)>(r);
    check_shape<i32, 96, 1, 1, 1, bit(direct) | bit(warp_transpose) | bit(timesliced) | bit(f_warp_striped)>(r);
    check_shape<i32, 256, 1, 1, 11, bit(transpose) | bit(timesliced)>(r);
    check_shape<i32, 512, 1, 1, 2, bit(warp_transpose) | bit(vectorize)>(r);
    check_shape<i32, 1024, 1, 1, 1, bit(transpose) | bit(timesliced) | bit(f_striped)>(r);
  });
}

TEST_CASE("block load/store: item types from 1 to 12 bytes (vector words of 2 to 16 bytes)") {
  XCUB_TEST_CONTEXT();
  run("block load store types", [](std::mt19937_64& r) {
    check_shape<std::int8_t, 128, 1, 1, 16, bit(vectorize) | bit(warp_transpose) | bit(f_vectorized)>(r);
    check_shape<std::int16_t, 64, 1, 1, 4, bit(vectorize) | bit(transpose) | bit(f_vectorized)>(r);
    check_shape<std::int64_t, 128, 1, 1, 2, bit(vectorize) | bit(timesliced) | bit(f_warp_striped)>(r);
    check_shape<std::uint64_t, 100, 1, 1, 3, bit(striped) | bit(transpose) | bit(f_vectorized)>(r);
    check_shape<float, 64, 1, 1, 5, bit(vectorize) | bit(warp_transpose)>(r);
    check_shape<double, 130, 1, 1, 4, bit(vectorize) | bit(transpose) | bit(f_blocked)>(r);
    check_shape<xcub_test::rec12, 64, 1, 1, 4, bit(vectorize) | bit(warp_transpose) | bit(f_vectorized)>(r);
  });
}

TEST_CASE("block load/store: misaligned pointers (VECTORIZE falls back to item-wise access)") {
  XCUB_TEST_CONTEXT();
  run("block load store misaligned", [](std::mt19937_64& r) {
    check_pointers<std::int32_t, 128, 1, 1, 4, vectorize>(r, 1, 0);
    check_pointers<std::int32_t, 128, 1, 1, 4, vectorize>(r, 0, 1);
    check_pointers<std::int32_t, 64, 1, 1, 4, f_vectorized>(r, 1, 3);
    check_pointers<xcub_test::rec12, 64, 1, 1, 4, vectorize>(r, 1, 1);  // three 16-byte words per row
  });
}

/// Every algorithm through `Source` and `Sink`.
template <class T, int X, int IPT, class Source, class Sink, int... As>
void check_iterators(std::mt19937_64& rng, std::integer_sequence<int, As...>) {
  (([&] {
     Source source;
     Sink sink;
     if constexpr (!(needs_whole_warps(As) && X % WT != 0) && As != f_vectorized)
       check_load_store<T, X, 1, 1, IPT, As, false>(source, sink, rng);
   }()),
   ...);
}

TEST_CASE("block load/store: fancy iterators") {
  XCUB_TEST_CONTEXT();
  run("block load store iterators", [](std::mt19937_64& r) {
    using i32 = std::int32_t;
    using i64 = std::int64_t;
    check_iterators<i32, 128, 4, counting_source<i32>, transform_sink<i32>>(r, std::make_integer_sequence<int, algs>{});
    check_iterators<float, 64, 3, transform_source<float>, discard_sink>(
        r, std::integer_sequence<int, direct, vectorize, timesliced>{});
    check_iterators<i32, 64, 4, cache_modified_source<i32, xcub::LOAD_LDG>, cache_modified_sink<i32, xcub::STORE_CG>>(
        r, std::integer_sequence<int, vectorize, transpose, warp_transpose, f_striped>{});
    check_iterators<i64, 100, 2, cache_modified_source<i64, xcub::LOAD_CG>, pointer_sink<i64>>(
        r, std::integer_sequence<int, vectorize, striped>{});
    check_iterators<std::uint16_t, 64, 6, pointer_source<std::uint16_t, true>, pointer_sink<std::uint16_t>>(
        r, std::integer_sequence<int, vectorize, direct>{});  // T* rather than const T*
  });
}

// ---- TempStorage in a union, reused after barriers ------------------------------------------------

template <class T, int THREADS, int IPT>
XCUB_KERNEL void union_kernel(const T* in, T* out) {
  using load_t = xcub::BlockLoad<T, THREADS, IPT, xcub::BLOCK_LOAD_TRANSPOSE>;
  using exchange_t = xcub::BlockExchange<T, THREADS, IPT, true>;
  using store_t = xcub::BlockStore<T, THREADS, IPT, xcub::BLOCK_STORE_WARP_TRANSPOSE_TIMESLICED>;
  union storage_t {
    typename load_t::TempStorage load;
    typename exchange_t::TempStorage exchange;
    typename store_t::TempStorage store;
  };
  XCUB_SHARED(storage_t, storage);
  const int rank = static_cast<int>(arch::linear_thread_id());
  const std::size_t tile = std::size_t{arch::linear_block_id()} * THREADS * IPT;
  T items[IPT];
  load_t(storage.load).Load(in + tile, items);       // blocked
  arch::sync_threads();
  exchange_t(storage.exchange).BlockedToStriped(items);  // striped
  arch::sync_threads();
  exchange_t(storage.exchange).StripedToBlocked(items);  // blocked again
  for (int i = 0; i < IPT; ++i) items[i] = items[i] + static_cast<T>(rank);
  arch::sync_threads();
  store_t(storage.store).Store(out + tile, items);
}

TEST_CASE("block load/store: BlockLoad's, BlockExchange's and BlockStore's TempStorage in one union") {
  XCUB_TEST_CONTEXT();
  run("block load store union", [](std::mt19937_64& r) {
    constexpr int threads = 128, ipt = 5, blocks = 3, tile = threads * ipt;
    const auto in = xcub_test::random_vector<std::int32_t>(blocks * tile, r);
    std::vector<std::int32_t> want(in.size());
    for (std::size_t k = 0; k < in.size(); ++k)
      want[k] = static_cast<std::int32_t>(in[k] + static_cast<std::int32_t>((k % tile) / ipt));  // blocked owner
    xcub::device_buffer<std::int32_t> d_in(in), d_out(in.size());
    xcub_test::launch_and_wait(xcub::dim3(blocks), xcub::dim3(threads), 0, union_kernel<std::int32_t, threads, ipt>,
                               d_in.data(), d_out.data());
    xcub_test::check_equal(d_out.download(), want, "load, exchange twice, store through one union");
  });
}
