// `runner --list`: every plugin found, where it came from, and what it offers.
#pragma once

#include <ostream>

#include "sessions/plugin_registry.hpp"

namespace parprim::runner {
void print_plugin_list(std::ostream& os, const plugin_registry& registry);
}
