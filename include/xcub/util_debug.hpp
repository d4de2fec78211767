// xcub/util_debug.hpp: CUB's <cub/util_debug.cuh> path: xcub::Debug, XcubDebug, XcubDebugExit, _XcubLog.
#pragma once

#include <xcub/util/debug.hpp>
