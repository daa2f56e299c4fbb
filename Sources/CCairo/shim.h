#ifndef OPENMAPS_CCAIRO_SHIM_H
#define OPENMAPS_CCAIRO_SHIM_H
#include <cairo.h>
#include <pango/pangocairo.h>

/// PANGO_SCALE is a macro; Swift sees this constant instead.
static const int openmaps_pango_scale = PANGO_SCALE;
#endif
