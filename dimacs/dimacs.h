/* DIMACS CNF reader: plain files, compressed files (gzip, xz, lzma, bzip2;
 * concatenated members or streams read as one stream) and standard input,
 * through one buffered input (input.h: read(2) and the decoders of codec.h,
 * interruptible by the stop flag even on a pipe).  Fills a
 * gsat_cnf with every clause as written (external variable numbering: DIMACS
 * variable d is variable d - 1; duplicate literals, tautologies and empty
 * clauses are kept).  Never prints and never exits: errors come back as a
 * status and a gsat_error naming file, line and column; warnings go to a
 * callback.
 *
 * Rules (default mode; GSAT_DIMACS_STRICT and GSAT_DIMACS_RELAXED differ
 * where noted):
 *   - a token starting with `c` starts a comment that runs to the end of its
 *     line, wherever it is and however long (comments are skipped, never
 *     buffered); so a line starting with `c` is a comment line;
 *   - only a line starting with `p` (after optional blanks) is the header
 *     `p cnf V C`, with any run of blanks (spaces, tabs) between the fields
 *     and after the last; anything else on the header line is an error, and
 *     so are a second `p` line and a `p` line after clauses;
 *   - newlines are whitespace: clauses may span lines and share lines;
 *     spaces, tabs, CR and blank lines separate tokens (a CR alone does not
 *     end a line, so CRLF files work and line numbers count LF); EOF right
 *     after the last 0 is fine, with or without a final newline;
 *   - a line starting with `%` (after optional blanks) ends the formula
 *     (SATLIB): nothing after it is read; STRICT: error;
 *   - more clauses than declared, or variables above the declared count: one
 *     warning each, and the whole formula is read; STRICT: error at the
 *     first extra clause's 0 or the first such literal;
 *   - a lone 0 (an empty clause) after the declared clauses is dropped, with a
 *     warning, only where nothing but blanks, comments or a `%` line follow
 *     it (SATLIB files whose `%` line was lost end with one); anywhere else
 *     it is an empty clause (the formula is UNSAT), with the extra-clause
 *     warning and one that says so; STRICT: error, as for any extra clause.
 *     An empty clause within the declared count is a clause (docs/dimacs.md);
 *   - with declared_only (a proof is written): any clause beyond the declared
 *     ones (a kept lone 0 too) and any variable above the declared count is
 *     an error at its token, in every mode;
 *   - fewer clauses than declared: error; RELAXED: a warning;
 *   - errors: no header, empty input, a token that is not an integer
 *     (letters, `1.5`, `1x`, control bytes), `+1`, `-0`, `-` without digits,
 *     a last clause without its 0 (also before a `%` line), literals whose
 *     variable exceeds GSAT_MAX_DIMACS_VAR (2^31 - 1; digits are checked one
 *     by one, so nothing ever wraps around), a header variable count above
 *     GSAT_MAX_DIMACS_VAR or clause count above GSAT_DIMACS_MAX_CLAUSES,
 *     truncated or corrupt compressed data (nothing read before the damage
 *     is kept: the cnf is emptied; when garbage from damaged data causes a
 *     parse error, the rest of the stream is read and the damage reported);
 *   - compressed data is recognised by its magic bytes, from files, memory
 *     and standard input alike, never by a file name: gzip 1f 8b, xz
 *     fd 37 7a 58 5a 00, bzip2 "BZh" and a digit 1-9, and legacy .lzma
 *     5d 00 00 (lzma_alone with the default properties lc=3 lp=0 pb=2 and a
 *     dictionary of at least 64 KiB, as `xz --format=lzma` and `lzma` write
 *     it; .lzma data with other properties has no magic and is read as
 *     text: a parse error).  No DIMACS text starts with these bytes.  xz and
 *     lzma need liblzma (GSAT_HAVE_LZMA), bzip2 needs libbz2
 *     (GSAT_HAVE_BZIP2); in a build without it, such input is an I/O error
 *     that names the format and the library ("xz-compressed input, but this
 *     gsat was built without liblzma").  Zstandard is not recognised;
 *   - gzip members, and xz, lzma and bzip2 streams, may follow each other
 *     (same format; for xz also with zero stream padding between them, a
 *     multiple of 4 bytes there and after the last stream, else IO) and
 *     are read as one text; every stream's check (CRC-32 for gzip and bzip2,
 *     xz's CRC-32, CRC-64 or SHA-256) is verified; .lzma has no check;
 *   - bytes after the last member or stream that do not start another one
 *     end the data: zero padding silently (as gzip and xz do), other bytes
 *     with a warning; STRICT: an I/O error.  Compressed data is read to its
 *     end even after a `%` line, so that damage is still reported.
 *
 * Positions: line and column are 1-based; a column counts bytes from the
 * start of the line.  Token errors point at the token's first byte, except
 * a bad byte inside a number (`12x`, `1.5`), which is pointed at; header
 * errors at the offending byte, a missing final 0 at the clause's last
 * literal, and "no header" and "fewer clauses" at the end of the input (the
 * line after a final newline).  Memory: the reader allocates nothing per
 * declared variable or declared clause, only for what it reads (plus a 1 MiB
 * input buffer, and for compressed data 256 KiB and the decoder's state:
 * zlib's 32 KiB window, libbz2's up to 3.7 MB, liblzma's the dictionary size
 * the data's header asks for: 8 MiB at xz's default level, 64 MiB at -9). */
#ifndef GSAT_DIMACS_H
#define GSAT_DIMACS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/cnf.h"
#include "base/control.h"
#include "base/status.h"

/* Largest clause count accepted in a `p cnf` header: 2^40 (a file with that
 * many clauses would be over 2 TB; larger counts are taken as garbage). */
#define GSAT_DIMACS_MAX_CLAUSES ((uint64_t)1 << 40)

typedef enum gsat_dimacs_mode {
  GSAT_DIMACS_RELAXED = 0,
  GSAT_DIMACS_DEFAULT = 1,
  GSAT_DIMACS_STRICT = 2,
} gsat_dimacs_mode;

/* Called once per warning, after the whole input was read successfully, with
 * the input name, the 1-based line the warning refers to (0 if none) and a
 * message without trailing newline. */
typedef void (*gsat_dimacs_warn_fn)(void *data, const char *file, uint64_t line,
                                    const char *message);

typedef struct gsat_dimacs_options {
  gsat_dimacs_mode mode;
  /* A clause after the declared ones (but the dropped end-marker lone 0) and
   * a variable above the declared count are PARSE errors in every mode (not
   * warnings): set while a DRAT proof is written, which a checker such as
   * drat-trim reads against the declared header only. */
  bool declared_only;
  gsat_dimacs_warn_fn warn; /* may be NULL */
  void *warn_data;
  const gsat_flag *stop; /* may be NULL; polled per chunk and every 50 ms while
                          * a read waits for data: INTERRUPTED */
} gsat_dimacs_options;

/* Reads the file at path ("-" or NULL: standard input, named "<stdin>") into
 * cnf, which must be initialised and empty.  opt may be NULL (default mode, no
 * warnings, no stop flag) and err may be NULL.  Errors: USAGE (cnf not empty),
 * IO (cannot open or read; corrupt or truncated compressed data; a format
 * this build cannot decode), PARSE (err has
 * file, line, column), NOMEM, RESOURCE, INTERRUPTED.  On error cnf is emptied
 * (gsat_cnf_free).  Method: a hand-written tokenizer over 1 MiB chunks
 * (as MiniSat's and kissat's readers); see the rules above. */
gsat_status gsat_dimacs_read_path(const char *path, const gsat_dimacs_options *opt, gsat_cnf *cnf,
                                  gsat_error *err);

/* As gsat_dimacs_read_path, from an open file descriptor (not closed; read
 * from its current offset to its end); name is used in messages (NULL:
 * "<fd>"). */
gsat_status gsat_dimacs_read_fd(int fd, const char *name, const gsat_dimacs_options *opt,
                                gsat_cnf *cnf, gsat_error *err);

/* As gsat_dimacs_read_path, from size bytes at data holding plain or
 * compressed data (recognised by its magic bytes, above), for tests and
 * fuzzing; name is used in messages (NULL: "<memory>"). */
gsat_status gsat_dimacs_read_memory(const void *data, size_t size, const char *name,
                                    const gsat_dimacs_options *opt, gsat_cnf *cnf, gsat_error *err);

#endif
