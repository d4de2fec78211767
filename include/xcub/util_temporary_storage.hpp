// xcub/util_temporary_storage.hpp: CUB's <cub/util_temporary_storage.cuh> path: AliasTemporaries.
#pragma once

#include <xcub/util/temporary_storage.hpp>
