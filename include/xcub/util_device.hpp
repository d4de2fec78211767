// xcub/util_device.hpp: CUB's <cub/util_device.cuh> path: SmVersion, CurrentDevice, DeviceCount,
// SyncStream (<xcub/util/device_properties.hpp>); PtxVersion and MaxSmOccupancy where the
// translation unit has kernels (<xcub/util/kernel_queries.hpp>).
#pragma once

#include <xcub/util/device_properties.hpp>
#include <xcub/util/kernel_queries.hpp>
