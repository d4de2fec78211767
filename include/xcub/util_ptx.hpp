// xcub/util_ptx.hpp: CUB's <cub/util_ptx.cuh> path: ShuffleUp, ShuffleDown, ShuffleIndex, WarpMask
// (<xcub/util/warp_shuffle.hpp>), and the backend contract (lane and warp ids: xcub::arch).
#pragma once

#include <xcub/util/warp_shuffle.hpp>
