// xcub/backend/kokkos/ordered_fold.hpp: the one parallel pattern under the kokkos backend's device
// layer: an ordered fold of n items, cut into runs by a head predicate, in three Kokkos launches
// on the caller's execution space instance.
//
//   summarize  TeamPolicy, one team per chunk of whole tiles: each thread folds a contiguous share
//              of its team's chunk in order, into a summary {heads seen, value since the last head};
//              the team's thread 0 combines the threads' summaries (team scratch) in rank order
//              into partials[team]
//   carry      one thread: partials[t] becomes the combination of partials[0, t) (the carry into
//              chunk t); `finish(total)` sees the whole input's summary (a reduction's result, a
//              run count)
//   rescan     as summarize, but every thread then walks its share again from its carry (the
//              team's carry combined with the summaries of the ranks before it) and calls an
//              emitter per item (a scan's outputs, ReduceByKey's runs)
// Items are only ever folded left to right (op(earlier, later)), so operators need be associative,
// not commutative, and a team may have any number of threads (Serial: one; a GPU: hundreds).
// Grouping depends only on n, the tile size and the team count, never on timing: results are
// deterministic run to run. Temp storage: the partials, one summary per team.
//
// A source gives: head(i) (item i starts a run: i == 0, or a key change), at_head() (the value a
// run starts from: the initial value, or empty), item(i) (item i as the accumulator).
#pragma once

#include <cstddef>
#include <cstdint>
#include <new>

#include <Kokkos_Core.hpp>

#include <xcub/runtime.hpp>

namespace xcub::detail::kk {

using space = Kokkos::DefaultExecutionSpace;
using team_policy = Kokkos::TeamPolicy<space>;
using member_t = team_policy::member_type;

/// An accumulator that may hold nothing yet.
template <class T>
struct slot {
  T value;
  bool valid;
};

template <class T, class Op>
KOKKOS_INLINE_FUNCTION slot<T> fold(const slot<T>& a, const slot<T>& b, const Op& op) {
  if (!a.valid) return b;
  if (!b.valid) return a;
  return {static_cast<T>(op(a.value, b.value)), true};
}

/// What a range contributes: the heads (run starts) in it, and the fold of its items since the
/// last head (from the range's start where it has none; the last head's at_head() value first).
template <class T>
struct summary {
  std::uint64_t heads;
  slot<T> value;
};

/// The summary of range a followed by range b.
template <class T, class Op>
KOKKOS_INLINE_FUNCTION summary<T> combine(const summary<T>& a, const summary<T>& b, const Op& op) {
  return {a.heads + b.heads, b.heads > 0 ? b.value : fold(a.value, b.value, op)};
}

/// How the n items are cut: `teams` chunks of `chunk` items (the last one shorter). `slots` bounds
/// `teams` and never decreases as n grows (teams can: whole tiles per chunk, rounded up, may need
/// fewer chunks for one tile more), so temp storage is sized by it: a size asked for n items serves
/// every smaller count.
struct layout {
  std::uint64_t n, chunk, teams, slots;
  KOKKOS_INLINE_FUNCTION std::uint64_t begin(std::uint64_t t) const { return t * chunk < n ? t * chunk : n; }
  KOKKOS_INLINE_FUNCTION std::uint64_t end(std::uint64_t t) const {
    return (t + 1) * chunk < n ? (t + 1) * chunk : n;
  }
};

/// Whole tiles of `tile_items` per chunk, at most max(64, the space's concurrency) chunks.
inline layout plan(std::uint64_t n, int tile_items, const space& sp) {
  const std::uint64_t tile = tile_items > 0 ? static_cast<std::uint64_t>(tile_items) : 1;
  const std::uint64_t tiles = (n + tile - 1) / tile;
  const std::uint64_t conc = static_cast<std::uint64_t>(sp.concurrency() > 0 ? sp.concurrency() : 1);
  const std::uint64_t cap = conc > 64 ? conc : 64;
  const std::uint64_t teams = tiles < cap ? tiles : cap;
  if (teams == 0) return {n, tile, 0, 0};
  const std::uint64_t chunk = (tiles + teams - 1) / teams * tile;
  return {n, chunk, (n + chunk - 1) / chunk, teams};
}

/// This thread's contiguous share [b, e) of its team's chunk [begin, end).
template <class Member>
KOKKOS_INLINE_FUNCTION void thread_share(const Member& m, std::uint64_t begin, std::uint64_t end, std::uint64_t& b,
                                         std::uint64_t& e) {
  const std::uint64_t threads = static_cast<std::uint64_t>(m.team_size());
  const std::uint64_t per = (end - begin + threads - 1) / threads;
  const std::uint64_t at = begin + per * static_cast<std::uint64_t>(m.team_rank());
  b = at < end ? at : end;
  e = b + per < end ? b + per : end;
}

struct no_emit {
  template <class S>
  KOKKOS_INLINE_FUNCTION void before(std::uint64_t, bool, const S&) const {}
  template <class S>
  KOKKOS_INLINE_FUNCTION void after(std::uint64_t, const S&) const {}
};

/// Folds items [b, e) into s, in order; emit.before(i, is_head, s) sees s before item i,
/// emit.after(i, s) after it.
template <class T, class Source, class Op, class Emit>
KOKKOS_INLINE_FUNCTION void walk(const Source& src, const Op& op, std::uint64_t b, std::uint64_t e, summary<T>& s,
                                 const Emit& emit) {
  for (std::uint64_t i = b; i < e; ++i) {
    const T v = src.item(i);  // read first: outputs may be the inputs (in-place scans)
    const bool head = src.head(i);
    if (head) {
      ++s.heads;
      s.value = src.at_head();
    }
    emit.before(i, head, s);
    s.value = s.value.valid ? slot<T>{static_cast<T>(op(s.value.value, v)), true} : slot<T>{v, true};
    emit.after(i, s);
  }
}

/// One team's pass: summaries of the threads' shares; with RESCAN, each thread then walks its
/// share again from its carry and emits, else thread 0 writes the team's summary to partials.
template <class T, bool RESCAN, class Source, class Op, class Emit>
struct team_pass {
  layout at;
  Source src;
  Op op;
  summary<T>* partials;
  Emit emit;

  KOKKOS_INLINE_FUNCTION void operator()(const member_t& m) const { run(m); }

  /// Member: Kokkos' team member, or (tests/kokkos/test_team_sizes.cpp) a stand-in that runs the
  /// same code with teams of several std::threads, which Serial never has.
  template <class Member>
  KOKKOS_INLINE_FUNCTION void run(const Member& m) const {
    const std::uint64_t team = static_cast<std::uint64_t>(m.league_rank());
    std::uint64_t b = 0, e = 0;
    thread_share(m, at.begin(team), at.end(team), b, e);
    summary<T> mine{0, {T{}, false}};
    walk(src, op, b, e, mine, no_emit{});
    auto* shared = static_cast<summary<T>*>(m.team_scratch(0).get_shmem(sizeof(summary<T>) * m.team_size()));
    new (&shared[m.team_rank()]) summary<T>(mine);
    m.team_barrier();
    if (m.team_rank() == 0) {
      if (RESCAN) {
        summary<T> carry = partials[team];
        for (int r = 0; r < m.team_size(); ++r) {
          const summary<T> next = combine(carry, shared[r], op);
          shared[r] = carry;
          carry = next;
        }
      } else {
        summary<T> total = shared[0];
        for (int r = 1; r < m.team_size(); ++r) total = combine(total, shared[r], op);
        partials[team] = total;
      }
    }
    if (RESCAN) {
      m.team_barrier();
      summary<T> s = shared[m.team_rank()];
      walk(src, op, b, e, s, emit);
    }
  }
};

template <class T, bool RESCAN, class Source, class Op, class Emit>
void run_teams(const space& sp, const char* name, const layout& at, const Source& src, const Op& op,
               summary<T>* partials, const Emit& emit) {
  if (at.teams == 0) return;
  const team_pass<T, RESCAN, Source, Op, Emit> pass{at, src, op, partials, emit};
  const int league = static_cast<int>(at.teams);
  int threads = team_policy(sp, league, Kokkos::AUTO).team_size_recommended(pass, Kokkos::ParallelForTag());
  if (threads > 256) threads = 256;
  if (threads < 1) threads = 1;
  Kokkos::parallel_for(name,
                       team_policy(sp, league, threads)
                           .set_scratch_size(0, Kokkos::PerTeam(sizeof(summary<T>) * static_cast<std::size_t>(threads))),
                       pass);
}

/// The carry pass, one thread: partials[t] = combination of partials[0, t); finish(total).
template <class T, class Op, class Finish>
struct carry_pass {
  std::uint64_t teams;
  Op op;
  summary<T>* partials;
  Finish finish;
  KOKKOS_INLINE_FUNCTION void operator()(int) const {
    summary<T> running{0, {T{}, false}};
    for (std::uint64_t t = 0; t < teams; ++t) {
      const summary<T> next = combine(running, partials[t], op);
      partials[t] = running;
      running = next;
    }
    finish(running);
  }
};

struct no_finish {
  template <class S>
  KOKKOS_INLINE_FUNCTION void operator()(const S&) const {}
};

/// The whole pattern. Temp storage: one summary per team (at least one byte).
template <class T, bool RESCAN, class Source, class Op, class Emit, class Finish>
error_t ordered_fold(void* d_temp_storage, std::size_t& temp_storage_bytes, std::uint64_t n, int tile_items,
                     const stream_t& stream, const char* name, const Source& src, const Op& op, const Emit& emit,
                     const Finish& finish, bool finish_always) {
  const space sp = stream.space();
  const layout at = plan(n, tile_items, sp);
  const std::size_t bytes = at.slots > 0 ? static_cast<std::size_t>(at.slots) * sizeof(summary<T>) : 1;
  if (!d_temp_storage) {
    temp_storage_bytes = bytes;
    return success;
  }
  if (temp_storage_bytes < bytes) return error_invalid_value;
  if (at.teams == 0 && !finish_always) return success;
  auto* partials = static_cast<summary<T>*>(d_temp_storage);
  run_teams<T, false>(sp, name, at, src, op, partials, no_emit{});
  Kokkos::parallel_for(name, Kokkos::RangePolicy<space>(sp, 0, 1),
                       carry_pass<T, Op, Finish>{at.teams, op, partials, finish});
  if (RESCAN) run_teams<T, true>(sp, name, at, src, op, partials, emit);
  return success;
}

}  // namespace xcub::detail::kk
