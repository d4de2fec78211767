// xcub/backend/dispatch/batched_copy.hpp (kokkos): DeviceMemcpy::Batched's and DeviceCopy::Batched's
// dispatch on Kokkos patterns, with the kernel dispatch's signature (include/xcub/device/detail/
// dispatch/dispatch_batched_copy.hpp):
//   dispatch_batched_copy<Tuning>::run(d_temp, bytes, batch, num_buffers, stream)
// One TeamPolicy launch on the stream's execution space instance, a team per buffer: the team reads
// buffer i's source, destination and size (batch.fetch(i), batch.size(i)), then its threads share
// the buffer's units (TeamThreadRange) and move each one (batch.store(d, k, batch.load(d, k))): bytes
// for DeviceMemcpy and DeviceCopy between pointers to one trivially copyable type, items assigned
// through the iterators otherwise (the batch types of device/detail/agent/batched_copy_batch.hpp,
// shared with the kernels). Units are moved one at a time, in no particular order; nothing else is
// read or written. Leagues are ints: more than 2^31 - 1 buffers take more launches.
// Temp storage: none is used; one byte is asked for (the two-phase API's minimum), and less is
// error_invalid_value before any launch. No buffers: nothing is launched. The tuning is not read
// (backend/tuning/batched_copy.hpp). A team per buffer suits many short buffers; one huge buffer is
// copied by one team (correct, not fast on a GPU: splitting long buffers over teams would be next).
#pragma once

#include <cstddef>
#include <cstdint>

#include <Kokkos_Core.hpp>

#include <xcub/runtime.hpp>
#include <xcub/backend/kokkos/ordered_fold.hpp>
#include <xcub/backend/tuning/batched_copy.hpp>
#include <xcub/util/temporary_storage.hpp>

namespace xcub::detail {

namespace kk {

/// A team per buffer: buffer base + league_rank, its units shared over the team's threads.
template <class Batch, class OffsetT>
struct batched_copy_team {
  Batch batch;
  std::uint64_t base;  // the first buffer of this launch

  KOKKOS_INLINE_FUNCTION void operator()(const member_t& m) const {
    const OffsetT i = static_cast<OffsetT>(base + static_cast<std::uint64_t>(m.league_rank()));
    const typename Batch::desc d = batch.fetch(i);
    const std::int64_t units = static_cast<std::int64_t>(batch.size(i));
    const Batch& b = batch;
    Kokkos::parallel_for(Kokkos::TeamThreadRange(m, units), [&](const std::int64_t k) {
      b.store(d, static_cast<std::uint64_t>(k), b.load(d, static_cast<std::uint64_t>(k)));
    });
  }
};

}  // namespace kk

template <class Tuning = tuning::batched_copy>
struct dispatch_batched_copy {
  template <class Batch, class OffsetT>
  static error_t run(void* d_temp_storage, std::size_t& temp_storage_bytes, Batch batch, OffsetT num_buffers,
                     stream_t stream) {
    void* pieces[1];
    const std::size_t sizes[1] = {1};
    if (const error_t e = AliasTemporaries(d_temp_storage, temp_storage_bytes, pieces, sizes);
        e != success || !d_temp_storage)
      return e;
    const auto n = static_cast<std::uint64_t>(num_buffers);
    const kk::space sp = stream.space();
    constexpr std::uint64_t max_league = 0x7fffffff;
    for (std::uint64_t done = 0; done < n; done += max_league) {
      const std::uint64_t league = n - done < max_league ? n - done : max_league;
      Kokkos::parallel_for("xcub::DeviceBatchedCopy", kk::team_policy(sp, static_cast<int>(league), Kokkos::AUTO),
                           kk::batched_copy_team<Batch, OffsetT>{batch, done});
    }
    return success;
  }
};

}  // namespace xcub::detail
