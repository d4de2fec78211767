// xcub/util_type.hpp: CUB's <cub/util_type.cuh> path: KeyValuePair, DoubleBuffer, NullType,
// Uninitialized. (FutureValue comes with <xcub/device/device_scan.hpp>; CUB's numeric traits are
// left out: docs/porting-from-cub.md.)
#pragma once

#include <xcub/util/double_buffer.hpp>
#include <xcub/util/key_value_pair.hpp>
#include <xcub/util/null_type.hpp>
#include <xcub/util/uninitialized.hpp>
