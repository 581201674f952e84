/* Decoders of compressed DIMACS input: see codec.h. */
#include "codec.h"

#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#ifdef GSAT_HAVE_LZMA
#include <lzma.h>
#endif
#ifdef GSAT_HAVE_BZIP2
#include <bzlib.h>
#endif

#include "input.h"

#ifdef GSAT_HAVE_LZMA
#define LZMA_BUILT_IN true
#else
#define LZMA_BUILT_IN false
#endif
#ifdef GSAT_HAVE_BZIP2
#define BZIP2_BUILT_IN true
#else
#define BZIP2_BUILT_IN false
#endif

static const gsat_dimacs_codec codecs[GSAT_DIMACS_FORMATS] = {
    [GSAT_DIMACS_GZIP] = {"gzip", "a gzip member", "zlib", true, false},
    [GSAT_DIMACS_XZ] = {"xz", "an xz stream", "liblzma", LZMA_BUILT_IN, true},
    [GSAT_DIMACS_LZMA] = {"lzma", "an lzma stream", "liblzma", LZMA_BUILT_IN, false},
    [GSAT_DIMACS_BZIP2] = {"bzip2", "a bzip2 stream", "libbz2", BZIP2_BUILT_IN, false},
    [GSAT_DIMACS_ZSTD] = {"zstd", "a zstd frame", NULL, false, false},
};

const gsat_dimacs_codec *gsat_dimacs_codec_of(gsat_dimacs_format f) {
  return &codecs[f];
}

/* Magic bytes; in bzip2's, '#' stands for a digit 1-9 (the block size). */
static const struct {
  gsat_dimacs_format format;
  const char *magic;
  size_t size;
} magics[] = {
    {GSAT_DIMACS_GZIP, "\x1f\x8b", 2},
    {GSAT_DIMACS_XZ, "\xfd\x37\x7a\x58\x5a\x00", 6},
    {GSAT_DIMACS_BZIP2, "BZh#", 4},
    {GSAT_DIMACS_LZMA, "\x5d\0\0", 3},
    {GSAT_DIMACS_ZSTD, "\x28\xb5\x2f\xfd", 4},
};

static bool magic_byte(char m, unsigned char b) {
  return m == '#' ? b >= '1' && b <= '9' : (unsigned char)m == b;
}

gsat_dimacs_format gsat_dimacs_sniff(const unsigned char *p, size_t n, bool *undecided) {
  if (undecided) *undecided = false;
  for (size_t k = 0; k < sizeof magics / sizeof *magics; k++) {
    size_t i = 0;
    while (i < n && i < magics[k].size && magic_byte(magics[k].magic[i], p[i])) i++;
    if (i == magics[k].size) return magics[k].format;
    if (i == n && undecided) *undecided = true;
  }
  return GSAT_DIMACS_PLAIN;
}

struct gsat_dimacs_decoder {
  gsat_dimacs_format format;
  union {
    z_stream zs;
#ifdef GSAT_HAVE_LZMA
    lzma_stream xs;
#endif
#ifdef GSAT_HAVE_BZIP2
    bz_stream bs;
#endif
  } u;
};

static gsat_status start_gzip(z_stream *zs, bool reset, const char *name, gsat_error *err) {
  /* 15 + 16: a 32 KiB window, gzip wrapper only (header and CRC checked). */
  int r = reset ? inflateReset(zs) : inflateInit2(zs, 15 + 16);
  if (r == Z_OK) return GSAT_OK;
  return gsat_dimacs_fail(err, r == Z_MEM_ERROR ? GSAT_NOMEM : GSAT_IO, name, 0, 0,
                          "cannot start zlib: %s", zs->msg ? zs->msg : zError(r));
}

#ifdef GSAT_HAVE_LZMA
/* (Re)initialising a stream reuses its memory where it can. */
static gsat_status start_lzma(lzma_stream *xs, bool alone, const char *name, gsat_error *err) {
  /* No memory limit (the input's own dictionary size decides), one stream
   * per call (concatenation is the input's job), every check verified. */
  lzma_ret r = alone ? lzma_alone_decoder(xs, UINT64_MAX) : lzma_stream_decoder(xs, UINT64_MAX, 0);
  if (r == LZMA_OK) return GSAT_OK;
  return gsat_dimacs_fail(err, r == LZMA_MEM_ERROR ? GSAT_NOMEM : GSAT_IO, name, 0, 0,
                          "cannot start liblzma (error %d)", (int)r);
}
#endif

#ifdef GSAT_HAVE_BZIP2
static gsat_status start_bzip2(bz_stream *bs, bool reset, const char *name, gsat_error *err) {
  if (reset) BZ2_bzDecompressEnd(bs); /* libbz2 has no reset */
  memset(bs, 0, sizeof *bs);
  int r = BZ2_bzDecompressInit(bs, 0, 0);
  if (r == BZ_OK) return GSAT_OK;
  return gsat_dimacs_fail(err, r == BZ_MEM_ERROR ? GSAT_NOMEM : GSAT_IO, name, 0, 0,
                          "cannot start libbz2 (error %d)", r);
}
#endif

gsat_status gsat_dimacs_decoder_start(gsat_dimacs_decoder **dec, gsat_dimacs_format f,
                                      const char *name, gsat_error *err) {
  const gsat_dimacs_codec *c = &codecs[f];
  if (!c->library)
    return gsat_dimacs_fail(err, GSAT_IO, name, 0, 0,
                            "%s-compressed input is not supported: decompress "
                            "it first (%s -dc FILE | gsat -)",
                            c->name, c->name);
  if (!c->built_in)
    return gsat_dimacs_fail(err, GSAT_IO, name, 0, 0,
                            "%s-compressed input, but this gsat was built "
                            "without %s",
                            c->name, c->library);
  const bool reset = *dec != NULL;
  if (!reset) {
    *dec = calloc(1, sizeof **dec);
    if (!*dec)
      return gsat_dimacs_fail(err, GSAT_NOMEM, name, 0, 0, "out of memory for the %s decoder",
                              c->name);
    (*dec)->format = f;
  }
  gsat_status st = GSAT_IO;
  switch (f) {
  case GSAT_DIMACS_GZIP:
    st = start_gzip(&(*dec)->u.zs, reset, name, err);
    break;
#ifdef GSAT_HAVE_LZMA
  case GSAT_DIMACS_XZ:
  case GSAT_DIMACS_LZMA:
    if (!reset) (*dec)->u.xs = (lzma_stream)LZMA_STREAM_INIT;
    st = start_lzma(&(*dec)->u.xs, f == GSAT_DIMACS_LZMA, name, err);
    break;
#endif
#ifdef GSAT_HAVE_BZIP2
  case GSAT_DIMACS_BZIP2:
    st = start_bzip2(&(*dec)->u.bs, reset, name, err);
    break;
#endif
  default:
    break;
  }
  if (st != GSAT_OK && !reset) { /* nothing to end: the library failed */
    free(*dec);
    *dec = NULL;
  }
  return st;
}

/* Counts for zlib and libbz2, which take unsigned int. */
static unsigned clamp(size_t n) {
  return n > UINT_MAX ? UINT_MAX : (unsigned)n;
}

static int corrupt(gsat_error *err, gsat_status st, const char *name, const char *format,
                   const char *what) {
  if (st == GSAT_NOMEM)
    gsat_dimacs_fail(err, st, name, 0, 0, "out of memory in the %s decoder", format);
  else
    gsat_dimacs_fail(err, st, name, 0, 0, "corrupt %s data: %s", format, what);
  return -1;
}

static int step_gzip(z_stream *zs, const unsigned char **in, size_t *in_left, unsigned char **out,
                     size_t *out_left, const char *name, gsat_error *err) {
  const unsigned avail_in = clamp(*in_left), avail_out = clamp(*out_left);
  zs->next_in = (Bytef *)*in;
  zs->avail_in = avail_in;
  zs->next_out = *out;
  zs->avail_out = avail_out;
  int r = inflate(zs, Z_NO_FLUSH);
  *in += avail_in - zs->avail_in;
  *in_left -= avail_in - zs->avail_in;
  *out += avail_out - zs->avail_out;
  *out_left -= avail_out - zs->avail_out;
  if (r == Z_STREAM_END) return 1;
  if (r == Z_OK || r == Z_BUF_ERROR) return 0; /* Z_BUF_ERROR: no progress */
  return corrupt(err, r == Z_MEM_ERROR ? GSAT_NOMEM : GSAT_IO, name, "gzip",
                 zs->msg ? zs->msg : zError(r));
}

#ifdef GSAT_HAVE_LZMA
static const char *lzma_message(lzma_ret r) {
  switch (r) {
  case LZMA_FORMAT_ERROR:
    return "not in the expected format";
  case LZMA_OPTIONS_ERROR:
    return "unsupported compression options";
  case LZMA_DATA_ERROR:
    return "compressed data is corrupt";
  default:
    return "liblzma error";
  }
}

static int step_lzma(lzma_stream *xs, const char *format, const unsigned char **in, size_t *in_left,
                     unsigned char **out, size_t *out_left, bool finish, const char *name,
                     gsat_error *err) {
  xs->next_in = *in;
  xs->avail_in = *in_left;
  xs->next_out = *out;
  xs->avail_out = *out_left;
  lzma_ret r = lzma_code(xs, finish ? LZMA_FINISH : LZMA_RUN);
  *in = xs->next_in;
  *in_left = xs->avail_in;
  *out = xs->next_out;
  *out_left = xs->avail_out;
  if (r == LZMA_STREAM_END) return 1;
  if (r == LZMA_OK || r == LZMA_BUF_ERROR) return 0; /* BUF: no progress */
  return corrupt(err, r == LZMA_MEM_ERROR ? GSAT_NOMEM : GSAT_IO, name, format, lzma_message(r));
}
#endif

#ifdef GSAT_HAVE_BZIP2
static int step_bzip2(bz_stream *bs, const unsigned char **in, size_t *in_left, unsigned char **out,
                      size_t *out_left, const char *name, gsat_error *err) {
  const unsigned avail_in = clamp(*in_left), avail_out = clamp(*out_left);
  bs->next_in = (char *)*in;
  bs->avail_in = avail_in;
  bs->next_out = (char *)*out;
  bs->avail_out = avail_out;
  int r = BZ2_bzDecompress(bs);
  *in += avail_in - bs->avail_in;
  *in_left -= avail_in - bs->avail_in;
  *out += avail_out - bs->avail_out;
  *out_left -= avail_out - bs->avail_out;
  if (r == BZ_STREAM_END) return 1;
  if (r == BZ_OK) return 0;
  return corrupt(err, r == BZ_MEM_ERROR ? GSAT_NOMEM : GSAT_IO, name, "bzip2",
                 r == BZ_DATA_ERROR_MAGIC ? "not in the bzip2 format"
                 : r == BZ_DATA_ERROR     ? "compressed data is corrupt"
                                          : "libbz2 error");
}
#endif

int gsat_dimacs_decoder_step(gsat_dimacs_decoder *dec, const unsigned char **in, size_t *in_left,
                             unsigned char **out, size_t *out_left, bool finish, const char *name,
                             gsat_error *err) {
  switch (dec->format) {
  case GSAT_DIMACS_GZIP:
    return step_gzip(&dec->u.zs, in, in_left, out, out_left, name, err);
#ifdef GSAT_HAVE_LZMA
  case GSAT_DIMACS_XZ:
  case GSAT_DIMACS_LZMA:
    return step_lzma(&dec->u.xs, codecs[dec->format].name, in, in_left, out, out_left, finish, name,
                     err);
#endif
#ifdef GSAT_HAVE_BZIP2
  case GSAT_DIMACS_BZIP2:
    return step_bzip2(&dec->u.bs, in, in_left, out, out_left, name, err);
#endif
  default:
    return corrupt(err, GSAT_IO, name, codecs[dec->format].name, "no decoder");
  }
}

void gsat_dimacs_decoder_free(gsat_dimacs_decoder *dec) {
  if (!dec) return;
  switch (dec->format) {
  case GSAT_DIMACS_GZIP:
    inflateEnd(&dec->u.zs);
    break;
#ifdef GSAT_HAVE_LZMA
  case GSAT_DIMACS_XZ:
  case GSAT_DIMACS_LZMA:
    lzma_end(&dec->u.xs);
    break;
#endif
#ifdef GSAT_HAVE_BZIP2
  case GSAT_DIMACS_BZIP2:
    BZ2_bzDecompressEnd(&dec->u.bs);
    break;
#endif
  default:
    break;
  }
  free(dec);
}
