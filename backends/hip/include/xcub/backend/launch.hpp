// Launches through the triple-chevron syntax that this backend's compiler accepts.
#pragma once

#include <xcub/runtime.hpp>

#include <xcub/backend/gpu/chevron_launch.hpp>
