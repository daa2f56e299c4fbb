// The hints are inline functions in include/memory_hints.h; this file makes the target a
// C target SwiftPM can build.
#include "memory_hints.h"
