// Launches through the triple-chevron syntax that this backend's compiler accepts.
#pragma once

#include <xcub/backend/gpu/chevron_launch.hpp>
