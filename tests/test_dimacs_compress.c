/* The DIMACS reader on xz, lzma and bzip2 input: good data from memory, a file
 * and standard input (the same clauses as the plain text), several streams,
 * and damage (truncated, a flipped byte, junk after the data), with the rules
 * gzip data has (test_dimacs_io.c).  Test data is made with liblzma's and
 * libbz2's encoders, plus one small file per format made with the xz, lzma and
 * bzip2 tools (byte arrays below).  Built twice: against gsat_dimacs, and
 * against test_dimacs_bare (the reader without liblzma and libbz2), where
 * every such input must be an I/O error that names the format. */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <unistd.h>

#ifdef GSAT_HAVE_LZMA
#include <lzma.h>
#endif
#ifdef GSAT_HAVE_BZIP2
#include <bzlib.h>
#endif

#include "dimacs/dimacs.h"
#include "dimacs_util.h"

#define CHUNK          ((size_t)1 << 20)
#define SIMPLE         "p cnf 3 2\n1 -2 0\n2 3 -1 0\n"
#define SIMPLE_CLAUSES "1 -2 0\n2 3 -1 0\n"

/* SIMPLE compressed by `xz`, `lzma` and `bzip2` (xz-utils 5.4.1, bzip2
 * 1.0.8, default options). */
static const unsigned char tool_xz[] = {
    0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00, 0x00, 0x04, 0xe6, 0xd6, 0xb4, 0x46, 0x02, 0x00,
    0x21, 0x01, 0x16, 0x00, 0x00, 0x00, 0x74, 0x2f, 0xe5, 0xa3, 0x01, 0x00, 0x19, 0x70,
    0x20, 0x63, 0x6e, 0x66, 0x20, 0x33, 0x20, 0x32, 0x0a, 0x31, 0x20, 0x2d, 0x32, 0x20,
    0x30, 0x0a, 0x32, 0x20, 0x33, 0x20, 0x2d, 0x31, 0x20, 0x30, 0x0a, 0x00, 0x00, 0x00,
    0x25, 0x19, 0x67, 0x87, 0x1b, 0x9a, 0x7b, 0xee, 0x00, 0x01, 0x32, 0x1a, 0x20, 0x18,
    0x94, 0x30, 0x1f, 0xb6, 0xf3, 0x7d, 0x01, 0x00, 0x00, 0x00, 0x00, 0x04, 0x59, 0x5a};
static const unsigned char tool_lzma[] = {
    0x5d, 0x00, 0x00, 0x80, 0x00, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x00, 0x38, 0x08,
    0x08, 0x67, 0x23, 0xbd, 0x95, 0x96, 0x29, 0xc3, 0xa8, 0x26, 0x3a, 0x7c, 0xd4, 0x57, 0x31, 0xd9,
    0x97, 0xfb, 0x1f, 0xe2, 0x18, 0x77, 0x86, 0x46, 0x6c, 0x63, 0xff, 0xff, 0x4c, 0xb3, 0x00, 0x00};
static const unsigned char tool_bzip2[] = {
    0x42, 0x5a, 0x68, 0x39, 0x31, 0x41, 0x59, 0x26, 0x53, 0x59, 0xdf, 0x4a, 0x73, 0xbb, 0x00, 0x00,
    0x0c, 0xd9, 0x80, 0x00, 0x10, 0x40, 0x02, 0x78, 0x00, 0x09, 0x01, 0x40, 0x00, 0x20, 0x00, 0x31,
    0x00, 0xd3, 0x4d, 0x03, 0x53, 0x7a, 0x93, 0x09, 0xea, 0x57, 0x55, 0xdc, 0xc0, 0x6b, 0xc4, 0xb3,
    0x48, 0x0e, 0x37, 0x3f, 0x17, 0x72, 0x45, 0x38, 0x50, 0x90, 0xdf, 0x4a, 0x73, 0xbb};

/*------------------------------------------------------------------------*/
/* Encoders. */

#ifdef GSAT_HAVE_LZMA
/* One stream, with the given integrity check (LZMA_CHECK_CRC64 as xz). */
static tbuf encode_xz_check(const void *data, size_t n, lzma_check check) {
  tbuf out = {0};
  size_t cap = lzma_stream_buffer_bound(n), pos = 0;
  tbuf_add(&out, NULL, 0);
  out.data = realloc(out.data, cap + 1);
  assert_non_null(out.data);
  out.cap = cap + 1;
  assert_int_equal(lzma_easy_buffer_encode(1, check, NULL, data, n, (uint8_t *)out.data, &pos, cap),
                   LZMA_OK);
  out.size = pos;
  return out;
}

static tbuf encode_xz(const void *data, size_t n) {
  return encode_xz_check(data, n, LZMA_CHECK_CRC64);
}

/* The legacy .lzma format (lzma_alone), as `lzma` writes it. */
static tbuf encode_lzma(const void *data, size_t n) {
  lzma_options_lzma opt;
  assert_false(lzma_lzma_preset(&opt, 1));
  lzma_stream xs = LZMA_STREAM_INIT;
  assert_int_equal(lzma_alone_encoder(&xs, &opt), LZMA_OK);
  tbuf out = {0};
  size_t cap = n + n / 2 + 4096;
  tbuf_add(&out, NULL, 0);
  out.data = realloc(out.data, cap + 1);
  assert_non_null(out.data);
  out.cap = cap + 1;
  xs.next_in = data;
  xs.avail_in = n;
  xs.next_out = (uint8_t *)out.data;
  xs.avail_out = cap;
  assert_int_equal(lzma_code(&xs, LZMA_FINISH), LZMA_STREAM_END);
  out.size = cap - xs.avail_out;
  lzma_end(&xs);
  return out;
}
#endif

#ifdef GSAT_HAVE_BZIP2
static tbuf encode_bzip2(const void *data, size_t n) {
  tbuf out = {0};
  unsigned cap = (unsigned)(n + n / 100 + 601);
  tbuf_add(&out, NULL, 0);
  out.data = realloc(out.data, (size_t)cap + 1);
  assert_non_null(out.data);
  out.cap = (size_t)cap + 1;
  assert_int_equal(BZ2_bzBuffToBuffCompress(out.data, &cap, (char *)data, (unsigned)n, 1, 0, 0),
                   BZ_OK);
  out.size = cap;
  return out;
}
#endif

/*------------------------------------------------------------------------*/
/* The formats (built_in: this build decodes them). */

typedef struct format {
  const char *name;     /* as in the messages */
  const char *a_stream; /* "an xz stream" */
  const char *library;
  bool built_in;
  tbuf (*encode)(const void *data, size_t n); /* NULL when not built in */
  const unsigned char *tool;                  /* SIMPLE made by the tool */
  size_t tool_size;
  const char *magic; /* a full magic */
  size_t magic_size;
  const char *suffix;
} format;

static const format formats[] = {
#ifdef GSAT_HAVE_LZMA
    {"xz", "an xz stream", "liblzma", true, encode_xz, tool_xz, sizeof tool_xz,
     "\xfd\x37\x7a\x58\x5a\x00", 6, ".cnf.xz"},
    {"lzma", "an lzma stream", "liblzma", true, encode_lzma, tool_lzma, sizeof tool_lzma,
     "\x5d\0\0", 3, ".cnf.lzma"},
#else
    {"xz", "an xz stream", "liblzma", false, NULL, tool_xz, sizeof tool_xz,
     "\xfd\x37\x7a\x58\x5a\x00", 6, ".cnf.xz"},
    {"lzma", "an lzma stream", "liblzma", false, NULL, tool_lzma, sizeof tool_lzma, "\x5d\0\0", 3,
     ".cnf.lzma"},
#endif
#ifdef GSAT_HAVE_BZIP2
    {"bzip2", "a bzip2 stream", "libbz2", true, encode_bzip2, tool_bzip2, sizeof tool_bzip2, "BZh1",
     4, ".cnf.bz2"},
#else
    {"bzip2", "a bzip2 stream", "libbz2", false, NULL, tool_bzip2, sizeof tool_bzip2, "BZh1", 4,
     ".cnf.bz2"},
#endif
};
#define FORMATS (sizeof formats / sizeof *formats)

/* The first format this build decodes after f (after none: f NULL), or NULL
 * when there is none. */
static const format *next_built_in(const format *f) {
  for (f = f ? f + 1 : formats; f < formats + FORMATS; f++)
    if (f->built_in) return f;
  return NULL;
}

/* "truncated xz data" and the like. */
static const char *what(const char *kind, const format *f) {
  static char text[4][128];
  static int slot;
  char *t = text[slot++ % 4];
  snprintf(t, 128, "%s %s data", kind, f->name);
  return t;
}

/*------------------------------------------------------------------------*/
/* Reading. */

/* Reads b from standard input ("-"), fed through a pipe. */
static gsat_status read_stdin(const tbuf *b, gsat_cnf *cnf, gsat_error *err) {
  int saved = dup(STDIN_FILENO);
  assert_true(saved >= 0);
  test_pipe tp = test_pipe_start(b->data, b->size, NULL, 0);
  assert_int_equal(dup2(tp.read_fd, STDIN_FILENO), STDIN_FILENO);
  gsat_status st = test_read_path("-", cnf, err);
  assert_int_equal(dup2(saved, STDIN_FILENO), STDIN_FILENO);
  close(saved);
  test_pipe_finish(&tp);
  return st;
}

/* b read from memory, from a file and from standard input gives clauses. */
static void expect_everywhere(const tbuf *b, const format *f, const char *clauses) {
  gsat_cnf cnf;
  gsat_error err;
  test_expect_text(test_read_mem(b, &cnf, &err), &err, &cnf, clauses);
  const char *path = test_temp_file(f->suffix, b->data, b->size);
  test_expect_text(test_read_path(path, &cnf, &err), &err, &cnf, clauses);
  test_expect_text(read_stdin(b, &cnf, &err), &err, &cnf, clauses);
}

/* b from memory and from a file is an I/O error with text in its message. */
static void expect_damage(const tbuf *b, const format *f, const char *text) {
  gsat_cnf cnf;
  gsat_error err;
  test_expect_error(test_read_mem(b, &cnf, &err), &err, &cnf, GSAT_IO, "mem", 0, 0, text);
  const char *path = test_temp_file(f->suffix, b->data, b->size);
  test_expect_error(test_read_path(path, &cnf, &err), &err, &cnf, GSAT_IO, path, 0, 0, text);
}

/* The clauses of plain DIMACS text, as test_cnf_text writes them. */
static char *plain_clauses(const tbuf *text) {
  gsat_cnf cnf;
  gsat_error err;
  assert_int_equal(test_read_mem(text, &cnf, &err), GSAT_OK);
  char *clauses = test_cnf_text(&cnf);
  gsat_cnf_free(&cnf);
  return clauses;
}

/*------------------------------------------------------------------------*/
/* Tests. */

/* The files the tools made: decoded where the library is built in, else an
 * I/O error naming the format and the library (memory, file, stdin). */
static void test_tool_files(void **state) {
  (void)state;
  for (size_t k = 0; k < FORMATS; k++) {
    const format *f = &formats[k];
    tbuf b = {0};
    tbuf_add(&b, f->tool, f->tool_size);
    if (f->built_in) {
      expect_everywhere(&b, f, SIMPLE_CLAUSES);
    } else {
      char text[160];
      snprintf(text, sizeof text, "%s-compressed input, but this gsat was built without %s",
               f->name, f->library);
      gsat_cnf cnf;
      gsat_error err;
      test_expect_error(test_read_mem(&b, &cnf, &err), &err, &cnf, GSAT_IO, "mem", 0, 0, text);
      const char *path = test_temp_file(f->suffix, b.data, b.size);
      test_expect_error(test_read_path(path, &cnf, &err), &err, &cnf, GSAT_IO, path, 0, 0, text);
      test_expect_error(read_stdin(&b, &cnf, &err), &err, &cnf, GSAT_IO, "<stdin>", 0, 0, text);
    }
    tbuf_free(&b);
  }
}

/* Encoded here: a small formula and one of several MiB (many chunks) read
 * from memory, a file and stdin give exactly the clauses of the plain text;
 * errors in decoded text are parse errors at the right place. */
static void test_good_input(void **state) {
  (void)state;
  tbuf big = test_random_text(100000, 200000, 5);
  assert_true(big.size > 2 * CHUNK);
  char *big_clauses = plain_clauses(&big);
  for (const format *f = next_built_in(NULL); f; f = next_built_in(f)) {
    tbuf b = f->encode(SIMPLE, strlen(SIMPLE));
    assert_memory_equal(b.data, f->magic, f->magic_size);
    expect_everywhere(&b, f, SIMPLE_CLAUSES);
    tbuf_free(&b);
    b = f->encode(big.data, big.size);
    expect_everywhere(&b, f, big_clauses);
    tbuf_free(&b);
    const char bad[] = "p cnf 3 2\n1 -2 0\n2 x -1 0\n";
    b = f->encode(bad, strlen(bad));
    gsat_cnf cnf;
    gsat_error err;
    test_expect_error(test_read_mem(&b, &cnf, &err), &err, &cnf, GSAT_PARSE, "mem", 3, 3,
                      "unexpected 'x'");
    tbuf_free(&b);
  }
  free(big_clauses);
  tbuf_free(&big);
}

/* Concatenated streams are one stream (split inside the token 33, and one
 * empty stream in the middle); for xz also with stream padding between them
 * (zero bytes, a multiple of 4). */
static void test_multi_stream(void **state) {
  (void)state;
  const char *a = "p cnf 33 2\n1 -2 0\n2 3", *b = "3 -1 0\n";
  for (const format *f = next_built_in(NULL); f; f = next_built_in(f)) {
    for (int padded = 0; padded < 2; padded++) {
      if (padded && strcmp(f->name, "xz") != 0) continue;
      tbuf all = f->encode(a, strlen(a)), empty = f->encode("", 0),
           second = f->encode(b, strlen(b));
      if (padded) tbuf_add(&all, "\0\0\0\0", 4);
      tbuf_add(&all, empty.data, empty.size);
      if (padded) tbuf_add(&all, "\0\0\0\0\0\0\0\0", 8);
      tbuf_add(&all, second.data, second.size);
      expect_everywhere(&all, f, "1 -2 0\n2 33 -1 0\n");
      tbuf_free(&all);
      tbuf_free(&empty);
      tbuf_free(&second);
    }
  }
}

/* xz's stream padding must be a multiple of 4 bytes (xz(1): other counts are
 * corrupt data), between streams and after the last; bzip2 and lzma streams
 * may be followed by zeros of any count (ignored, as gzip's). */
static void test_stream_padding(void **state) {
  (void)state;
  for (const format *f = next_built_in(NULL); f; f = next_built_in(f)) {
    const bool xz = !strcmp(f->name, "xz");
    for (size_t zeros = 1; zeros <= 8; zeros++) {
      for (int between = 0; between < 2; between++) {
        if (between && !xz) continue;
        tbuf b = f->encode(SIMPLE, strlen(SIMPLE));
        tbuf_add(&b, "\0\0\0\0\0\0\0\0", zeros);
        if (between) {
          tbuf empty = f->encode("", 0);
          tbuf_add(&b, empty.data, empty.size);
          tbuf_free(&empty);
        }
        gsat_cnf cnf;
        gsat_error err;
        if (!xz || zeros % 4 == 0) {
          test_expect_text(test_read_mem(&b, &cnf, &err), &err, &cnf, SIMPLE_CLAUSES);
        } else {
          char text[128];
          snprintf(text, sizeof text,
                   "corrupt xz data: stream padding of %zu %s, not a multiple of 4", zeros,
                   zeros == 1 ? "byte" : "bytes"); /* "1 byte" */
          expect_damage(&b, f, text);
        }
        tbuf_free(&b);
      }
    }
  }
}

/* Cut anywhere (in the header, the data or the last byte): an I/O error, and
 * nothing of what was read is kept. */
static void test_truncated(void **state) {
  (void)state;
  tbuf text = test_random_text(1000, 20000, 1);
  for (const format *f = next_built_in(NULL); f; f = next_built_in(f)) {
    tbuf b = f->encode(text.data, text.size);
    const size_t full = b.size;
    const size_t cuts[] = {f->magic_size, 12, full / 3, full / 2, full - 12, full - 4, full - 1};
    for (size_t i = 0; i < sizeof cuts / sizeof *cuts; i++) {
      b.size = cuts[i];
      expect_damage(&b, f, what("truncated", f));
    }
    b.size = full;
    test_expect_clauses(&b, 20000);
    tbuf_free(&b);
  }
  tbuf_free(&text);
}

#ifdef GSAT_HAVE_LZMA
/* Offset of the xz block's check field: one block, right before the index,
 * whose size the stream footer gives (its backward size). */
static size_t xz_check_offset(const tbuf *b, size_t check_size) {
  const unsigned char *footer = (const unsigned char *)b->data + b->size - 12;
  const size_t index_size = ((size_t)footer[4] | (size_t)footer[5] << 8 | (size_t)footer[6] << 16 |
                             (size_t)footer[7] << 24) *
                                4 +
                            4;
  return b->size - 12 - index_size - check_size;
}
#endif

/* A flipped byte: in the integrity check (xz's CRC64 or CRC32 after the
 * block; bzip2's block CRC in the block header, and its stream CRC at the
 * end) and inside the data of a formula of several MiB, where the damage
 * reaches the parser as garbage first: always an I/O error, never a parse
 * error or an answer.  (.lzma has no check: damage shows only where the
 * decoder meets impossible data, so it is not tested here.) */
static void test_corrupt(void **state) {
  (void)state;
  tbuf text = test_random_text(1000, 20000, 2);
#ifdef GSAT_HAVE_LZMA
  const format *xz = &formats[0];
  for (int crc32 = 0; crc32 < 2; crc32++) {
    tbuf b = encode_xz_check(text.data, text.size, crc32 ? LZMA_CHECK_CRC32 : LZMA_CHECK_CRC64);
    const size_t at = xz_check_offset(&b, crc32 ? 4 : 8);
    b.data[at] ^= 0x01;
    expect_damage(&b, xz, "corrupt xz data");
    b.data[at] ^= 0x01;
    b.data[b.size - 9] ^= 0x20; /* the footer's CRC32 */
    expect_damage(&b, xz, "corrupt xz data");
    tbuf_free(&b);
  }
#endif
#ifdef GSAT_HAVE_BZIP2
  const format *bz = &formats[FORMATS - 1];
  tbuf b = encode_bzip2(text.data, text.size);
  b.data[10] ^= 0x01; /* the first block CRC, after "BZh1" and the block magic */
  expect_damage(&b, bz, "corrupt bzip2 data");
  b.data[10] ^= 0x01;
  b.data[b.size - 2] ^= 0x01; /* the stream CRC */
  expect_damage(&b, bz, "corrupt bzip2 data");
  tbuf_free(&b);
#endif
  tbuf_free(&text);
  text = test_random_text(100000, 200000, 3);
  for (const format *f = next_built_in(NULL); f; f = next_built_in(f)) {
    if (strcmp(f->name, "lzma") == 0) continue;
    tbuf c = f->encode(text.data, text.size);
    c.data[c.size * 3 / 4] ^= 0x10;
    expect_damage(&c, f, what("corrupt", f));
    tbuf_free(&c);
  }
  tbuf_free(&text);
}

/* After the last stream: junk, a cut magic (not a stream), a full magic (a
 * stream cut short: truncated), zero padding (fine), zeros then junk, a gzip
 * member; as for gzip: junk is a warning, an I/O error under STRICT. */
static void test_trailing_bytes(void **state) {
  (void)state;
  for (const format *f = next_built_in(NULL); f; f = next_built_in(f)) {
    tbuf gz = test_gzip(SIMPLE, strlen(SIMPLE));
    const char *const junk[] = {"xyz\n", f->magic, f->magic, "\0\0\0\0", "\0\0x", gz.data};
    const size_t junk_size[] = {4, f->magic_size - 1, f->magic_size, 4, 3, gz.size};
    for (size_t j = 0; j < 7; j++) {
      tbuf b = f->encode(SIMPLE, strlen(SIMPLE));
      if (j < 6) tbuf_add(&b, junk[j], junk_size[j]);
      const bool clean = j == 3 || j == 6;
      for (int mode = GSAT_DIMACS_RELAXED; mode <= GSAT_DIMACS_STRICT; mode++) {
        test_warnings w = {0};
        gsat_dimacs_options opt = test_warn_options((gsat_dimacs_mode)mode, &w);
        gsat_cnf cnf;
        gsat_cnf_init(&cnf);
        gsat_error err;
        gsat_status st = gsat_dimacs_read_memory(b.data, b.size, "mem", &opt, &cnf, &err);
        char text[128];
        if (j == 2) {
          test_expect_error(st, &err, &cnf, GSAT_IO, "mem", 0, 0, what("truncated", f));
        } else if (clean || mode != GSAT_DIMACS_STRICT) {
          test_expect_text(st, &err, &cnf, SIMPLE_CLAUSES);
          assert_int_equal(w.count, clean ? 0 : 1);
          snprintf(text, sizeof text,
                   "bytes after the end of the %s data that are not %s were "
                   "ignored",
                   f->name, f->a_stream);
          if (!clean) assert_string_equal(w.text[0], text);
        } else {
          snprintf(text, sizeof text, "not %s (not allowed in strict mode)", f->a_stream);
          test_expect_error(st, &err, &cnf, GSAT_IO, "mem", 0, 0, text);
        }
      }
      tbuf_free(&b);
    }
    tbuf_free(&gz);
  }
}

/* A `%` line ends the formula, but the data is still read to its end: a
 * damaged check after it (beyond the first chunk) is an error. */
static void test_damage_after_percent(void **state) {
  (void)state;
  tbuf big = test_random_text(1000, 200000, 3);
  tbuf text = {0};
  tbuf_add(&text, SIMPLE "%\n", strlen(SIMPLE) + 2);
  tbuf_add(&text, big.data, big.size);
  for (const format *f = next_built_in(NULL); f; f = next_built_in(f)) {
    tbuf b = f->encode(text.data, text.size);
    gsat_cnf cnf;
    gsat_error err;
    test_expect_text(test_read_mem(&b, &cnf, &err), &err, &cnf, SIMPLE_CLAUSES);
    b.size -= 1;
    expect_damage(&b, f, what("truncated", f));
    tbuf_free(&b);
  }
#ifdef GSAT_HAVE_LZMA
  tbuf b = encode_xz(text.data, text.size);
  b.data[xz_check_offset(&b, 8)] ^= 0x01;
  expect_damage(&b, &formats[0], "corrupt xz data");
  tbuf_free(&b);
#endif
  tbuf_free(&text);
  tbuf_free(&big);
}

/* Bytes that start like a magic but end before it is complete, or differ in
 * its last byte, are plain text (here: parse errors at the first byte). */
static void test_partial_magic(void **state) {
  (void)state;
  const char *const inputs[] = {
      "\xfd\x37\x7a\x58", "\xfd\x37\x7a\x58\x5a\x01", "BZh", "BZh0", "BZ", "\x5d\0"};
  const size_t sizes[] = {4, 6, 3, 4, 2, 2};
  const char *const texts[] = {"unexpected byte 0xfd", "unexpected byte 0xfd", "unexpected 'B'",
                               "unexpected 'B'",       "unexpected 'B'",       "unexpected ']'"};
  for (size_t i = 0; i < sizeof sizes / sizeof *sizes; i++) {
    tbuf b = {0};
    tbuf_add(&b, inputs[i], sizes[i]);
    gsat_cnf cnf;
    gsat_error err;
    test_expect_error(test_read_mem(&b, &cnf, &err), &err, &cnf, GSAT_PARSE, "mem", 1, 1, texts[i]);
    test_expect_error(read_stdin(&b, &cnf, &err), &err, &cnf, GSAT_PARSE, "<stdin>", 1, 1,
                      texts[i]);
    tbuf_free(&b);
  }
}

/* A zstd frame (what `zstd` writes; gsat has no zstd decoder) is named as
 * such, from memory, a file and stdin, instead of failing as DIMACS text. */
static void test_zstd_named(void **state) {
  (void)state;
  /* zstd's magic, a frame header and a few bytes of a block. */
  static const unsigned char frame[] = {0x28, 0xb5, 0x2f, 0xfd, 0x24, 0x0b,
                                        0x59, 0x00, 0x00, 0x70, 0x20, 0x63};
  const char *text = "zstd-compressed input is not supported: decompress it "
                     "first (zstd -dc FILE | gsat -)";
  tbuf b = {0};
  tbuf_add(&b, frame, sizeof frame);
  gsat_cnf cnf;
  gsat_error err;
  test_expect_error(test_read_mem(&b, &cnf, &err), &err, &cnf, GSAT_IO, "mem", 0, 0, text);
  const char *path = test_temp_file(".cnf.zst", b.data, b.size);
  test_expect_error(test_read_path(path, &cnf, &err), &err, &cnf, GSAT_IO, path, 0, 0, text);
  test_expect_error(read_stdin(&b, &cnf, &err), &err, &cnf, GSAT_IO, "<stdin>", 0, 0, text);
  tbuf_free(&b);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_tool_files),     cmocka_unit_test(test_good_input),
      cmocka_unit_test(test_multi_stream),   cmocka_unit_test(test_stream_padding),
      cmocka_unit_test(test_truncated),      cmocka_unit_test(test_corrupt),
      cmocka_unit_test(test_trailing_bytes), cmocka_unit_test(test_damage_after_percent),
      cmocka_unit_test(test_partial_magic),  cmocka_unit_test(test_zstd_named),
  };
  int failed = cmocka_run_group_tests_name("dimacs compressed input", tests, NULL, NULL);
  test_temp_cleanup();
  return failed;
}
