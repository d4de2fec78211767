// xcub/util_allocator.hpp: CUB's <cub/util_allocator.cuh> path: CachingDeviceAllocator.
#pragma once

#include <xcub/util/caching_device_allocator.hpp>
