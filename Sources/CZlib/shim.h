#include <zlib.h>
/// inflateInit2 is a macro; Swift calls this instead.
static inline int openmaps_inflate_init2(z_streamp stream, int window_bits) {
    return inflateInit2(stream, window_bits);
}
