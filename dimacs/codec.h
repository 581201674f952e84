/* Decoders of compressed DIMACS input (internal to dimacs/), behind one
 * interface: gzip (zlib), xz and legacy lzma (liblzma, when built with
 * GSAT_HAVE_LZMA) and bzip2 (libbz2, when built with GSAT_HAVE_BZIP2).  A
 * format is recognised by its magic bytes:
 *   gzip   1f 8b                (as zlib does)
 *   xz     fd 37 7a 58 5a 00    ("\xfd" "7zXZ" "\0", the xz stream header)
 *   bzip2  42 5a 68 31..39      ("BZh" and the block size digit 1-9)
 *   lzma   5d 00 00             (lzma_alone with the default properties
 *                                lc=3 lp=0 pb=2 and a dictionary of at least
 *                                64 KiB: what `xz --format=lzma` and `lzma`
 *                                write; other .lzma files have no magic and
 *                                are not recognised)
 * None of these can start DIMACS text (a DIMACS token never starts with
 * 0x1f, 0xfd, 'B' or ']'), so plain input is never mistaken for compressed.
 * A decoder decodes one stream (a gzip member); the input (input.h) starts
 * the next one when its magic follows.  The library names come from the
 * GSAT_HAVE_* definitions of the build; a recognised format that is not
 * built in is reported by name. */
#ifndef GSAT_DIMACS_CODEC_H
#define GSAT_DIMACS_CODEC_H

#include <stdbool.h>
#include <stddef.h>

#include "base/status.h"

/* The longest magic (xz). */
#define GSAT_DIMACS_MAGIC_MAX 6

typedef enum gsat_dimacs_format {
  GSAT_DIMACS_PLAIN = 0,
  GSAT_DIMACS_GZIP,
  GSAT_DIMACS_XZ,
  GSAT_DIMACS_LZMA,
  GSAT_DIMACS_BZIP2,
  GSAT_DIMACS_ZSTD, /* recognised only, to name it: no decoder */
  GSAT_DIMACS_FORMATS
} gsat_dimacs_format;

/* What the messages say about a format. */
typedef struct gsat_dimacs_codec {
  const char *name;     /* "gzip", "xz", "lzma", "bzip2" */
  const char *a_stream; /* "a gzip member", "an xz stream", ... */
  const char *library;  /* "zlib", "liblzma", "libbz2"; NULL: gsat has no decoder */
  bool built_in;        /* this build can decode it */
  bool pad_between;     /* zero padding may separate streams (xz) */
} gsat_dimacs_codec;

/* The description of format f (not PLAIN). */
const gsat_dimacs_codec *gsat_dimacs_codec_of(gsat_dimacs_format f);

/* The format whose magic the n bytes at p start with, or PLAIN; *undecided
 * (may be NULL) is set when the n bytes are a proper prefix of some magic,
 * so that more bytes could still make them one. */
gsat_dimacs_format gsat_dimacs_sniff(const unsigned char *p, size_t n, bool *undecided);

typedef struct gsat_dimacs_decoder gsat_dimacs_decoder;

/* Starts decoding a stream of format f: allocates *dec when it is NULL (it
 * must then be freed with gsat_dimacs_decoder_free), else resets it for the
 * next stream of the same format.  Errors (in err, messages naming name): IO
 * when the format is not built in ("xz-compressed input, but this gsat was
 * built without liblzma") or the library fails to start, NOMEM. */
gsat_status gsat_dimacs_decoder_start(gsat_dimacs_decoder **dec, gsat_dimacs_format f,
                                      const char *name, gsat_error *err);

/* Decodes from [*in, *in + *in_left) into [*out, *out + *out_left) and
 * advances both.  finish: no input follows what is given (then a stream that
 * does not end is truncated; the caller detects that as a call that makes no
 * progress).  Returns 1 when the stream ended, 0 when more input or output
 * space is needed, -1 on corrupt data (IO) or NOMEM, with err filled. */
int gsat_dimacs_decoder_step(gsat_dimacs_decoder *dec, const unsigned char **in, size_t *in_left,
                             unsigned char **out, size_t *out_left, bool finish, const char *name,
                             gsat_error *err);

/* Frees a decoder (NULL is fine). */
void gsat_dimacs_decoder_free(gsat_dimacs_decoder *dec);

#endif
