#ifndef PANDA_CZLIB_SHIM_H
#define PANDA_CZLIB_SHIM_H

#include <zlib.h>

/// inflateInit2 and deflateInit2 are macros that pass the library version and struct size.
static inline int czlib_inflate_init_raw(z_stream *stream) {
  return inflateInit2(stream, -MAX_WBITS);
}

static inline int czlib_deflate_init_raw(z_stream *stream, int level) {
  return deflateInit2(stream, level, Z_DEFLATED, -MAX_WBITS, 8, Z_DEFAULT_STRATEGY);
}

#endif
