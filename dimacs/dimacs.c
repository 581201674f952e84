/* DIMACS CNF reader: the tokenizer and the rules of dimacs.h.  Bytes come from
 * input.c in chunks that end in a 0 sentinel; every scanning loop below runs on
 * a raw pointer and only asks for the next chunk when it meets that sentinel,
 * so a token, a header or a comment may straddle chunk boundaries. */
#include "dimacs.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "input.h"
#include "base/plural.h"

/* Byte classes of the tokenizer. */
enum {
  C_OTHER = 0,
  C_BLANK,   /* space, tab, CR */
  C_NEWLINE, /* LF */
  C_DIGIT,
  C_MINUS,
  C_COMMENT, /* c */
  C_HEADER,  /* p */
  C_PERCENT, /* % */
  C_NUL,     /* 0 byte: the chunk sentinel, or a stray 0 byte */
};

// clang-format off
static const unsigned char char_class[256] = {
  [0] = C_NUL, [' '] = C_BLANK, ['\t'] = C_BLANK, ['\r'] = C_BLANK,
  ['\n'] = C_NEWLINE, ['-'] = C_MINUS, ['c'] = C_COMMENT, ['p'] = C_HEADER,
  ['%'] = C_PERCENT,
  ['0'] = C_DIGIT, ['1'] = C_DIGIT, ['2'] = C_DIGIT, ['3'] = C_DIGIT,
  ['4'] = C_DIGIT, ['5'] = C_DIGIT, ['6'] = C_DIGIT, ['7'] = C_DIGIT,
  ['8'] = C_DIGIT, ['9'] = C_DIGIT,
};
// clang-format on

/* peek() results besides a byte value. */
#define PEEK_EOF   (-1)
#define PEEK_ERROR (-2)

typedef struct parser {
  gsat_dimacs_input *in;
  gsat_dimacs_mode mode;
  bool declared_only; /* gsat_dimacs_options.declared_only */
  gsat_cnf *cnf;
  gsat_error *err;
  uint64_t line;       /* current line, 1-based */
  uint64_t line_start; /* input offset of the current line's first byte */
  uint64_t token_line; /* line of the last literal or header (0: none yet) */
  bool header;
  uint64_t last_lit_line, last_lit_column;        /* for a missing final 0 */
  uint64_t big_var, big_var_line, big_var_column; /* first var > declared */
  uint64_t extra_line;                            /* line of the 0 ending the first extra clause */
  /* A lone 0 after the declared clauses waits here: the end of the input or
   * a '%' line next drops it (the SATLIB end-marker artefact, trailer_line),
   * anything else next makes it an empty clause (empty_extra_line). */
  bool pending_zero;
  uint64_t pending_line, pending_column;
  uint64_t trailer_line, empty_extra_line;
} parser;

static uint64_t offset(const parser *ps, const unsigned char *q) {
  return ps->in->base + (uint64_t)(q - ps->in->buf);
}

static uint64_t column(const parser *ps, uint64_t off) {
  return off - ps->line_start + 1;
}

/* A parse error at input offset off of the current line. */
static gsat_status syntax(parser *ps, uint64_t off, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

static gsat_status syntax(parser *ps, uint64_t off, const char *fmt, ...) {
  char text[GSAT_ERROR_MESSAGE_SIZE];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(text, sizeof text, fmt, ap);
  va_end(ap);
  return gsat_dimacs_fail(ps->err, GSAT_PARSE, ps->in->name, ps->line, column(ps, off), "%s", text);
}

/* Adds the position of token offset off to an error that cnf.c reported. */
static gsat_status locate(parser *ps, uint64_t off) {
  char text[GSAT_ERROR_MESSAGE_SIZE];
  snprintf(text, sizeof text, "%s", ps->err->message);
  return gsat_dimacs_fail(ps->err, ps->err->status, ps->in->name, ps->line, column(ps, off), "%s",
                          text);
}

/* A byte (or PEEK_EOF) for messages, in a caller's buffer. */
static const char *show(int c, char buf[16]) {
  if (c == PEEK_EOF) return "end of input";
  if (c == '\n') return "end of line";
  if (c > ' ' && c < 127)
    snprintf(buf, 16, "'%c'", c);
  else
    snprintf(buf, 16, "byte 0x%02x", (unsigned)c);
  return buf;
}

/*------------------------------------------------------------------------*/
/* The header line (slow path, byte by byte). */

static int peek(parser *ps) {
  gsat_dimacs_input *in = ps->in;
  if (in->p == in->end) {
    int r = gsat_dimacs_input_refill(in, ps->err);
    if (r < 0) return PEEK_ERROR;
    if (r == 0) return PEEK_EOF;
  }
  return *in->p;
}

static bool is_blank(int c) {
  return c == ' ' || c == '\t' || c == '\r';
}

static int skip_blanks(parser *ps) {
  int c;
  while (is_blank(c = peek(ps))) ps->in->p++;
  return c;
}

#define PEEK_OR_RETURN(c)                                                                          \
  do {                                                                                             \
    if ((c) == PEEK_ERROR) return ps->err->status;                                                 \
  } while (0)

/* A header count of at most limit at the current byte. */
static gsat_status header_number(parser *ps, uint64_t limit, const char *what, uint64_t *value) {
  char b[16];
  int c = peek(ps);
  PEEK_OR_RETURN(c);
  const uint64_t start = offset(ps, ps->in->p);
  if (c < '0' || c > '9')
    return syntax(ps, start, "expected the number of %s in the header, found %s", what, show(c, b));
  uint64_t v = 0;
  while (c >= '0' && c <= '9') {
    const uint64_t d = (uint64_t)(c - '0');
    if (v > (limit - d) / 10)
      return syntax(ps, start, "number of %s too large (more than %llu)", what,
                    (unsigned long long)limit);
    v = 10 * v + d;
    ps->in->p++;
    c = peek(ps);
    PEEK_OR_RETURN(c);
  }
  *value = v;
  return GSAT_OK;
}

/* Parses `p cnf V C` from the `p` at in->p to the end of its line. */
static gsat_status parse_header(parser *ps) {
  gsat_dimacs_input *in = ps->in;
  char b[16];
  in->p++;
  int c = peek(ps);
  PEEK_OR_RETURN(c);
  if (!is_blank(c))
    return syntax(ps, offset(ps, in->p), "expected a blank after 'p', found %s", show(c, b));
  c = skip_blanks(ps);
  PEEK_OR_RETURN(c);
  const uint64_t format = offset(ps, in->p);
  for (const char *w = "cnf"; *w; w++) {
    if ((c = peek(ps)) != *w) {
      PEEK_OR_RETURN(c);
      return syntax(ps, format, "expected 'cnf' after 'p'");
    }
    in->p++;
  }
  c = peek(ps);
  PEEK_OR_RETURN(c);
  if (!is_blank(c))
    return syntax(ps, offset(ps, in->p), "expected a blank after 'p cnf', found %s", show(c, b));
  skip_blanks(ps);
  uint64_t vars, clauses;
  GSAT_FORWARD(header_number(ps, (uint64_t)GSAT_MAX_DIMACS_VAR, "variables", &vars));
  c = peek(ps);
  PEEK_OR_RETURN(c);
  if (!is_blank(c))
    return syntax(ps, offset(ps, in->p),
                  c == '\n' || c == PEEK_EOF
                      ? "expected the number of clauses in the header, found %s"
                      : "expected a blank after the number of variables, "
                        "found %s",
                  show(c, b));
  skip_blanks(ps);
  GSAT_FORWARD(header_number(ps, GSAT_DIMACS_MAX_CLAUSES, "clauses", &clauses));
  c = skip_blanks(ps);
  PEEK_OR_RETURN(c);
  if (c != '\n' && c != PEEK_EOF)
    return syntax(ps, offset(ps, in->p), "unexpected %s after the header", show(c, b));
  ps->cnf->declared_vars = vars;
  ps->cnf->declared_clauses = clauses;
  ps->header = true;
  ps->token_line = ps->line;
  return GSAT_OK;
}

/*------------------------------------------------------------------------*/
/* Clauses (hot path). */

static gsat_status variable_above(parser *ps, uint64_t var, uint64_t tok) {
  if (ps->mode == GSAT_DIMACS_STRICT)
    return syntax(ps, tok, "variable %llu is above the %llu declared in the header",
                  (unsigned long long)var, (unsigned long long)ps->cnf->declared_vars);
  if (ps->declared_only)
    return syntax(ps, tok,
                  "variable %llu is above the %llu declared in the header: a "
                  "proof is written, and a proof checker refuses a variable "
                  "above the declared count (fix the header's variable count)",
                  (unsigned long long)var, (unsigned long long)ps->cnf->declared_vars);
  if (!ps->big_var) {
    ps->big_var = var;
    ps->big_var_line = ps->line;
    ps->big_var_column = column(ps, tok);
  }
  return GSAT_OK;
}

/* The error of a clause beyond the declared ones while a proof is written,
 * at line and column. */
static gsat_status beyond_declared(parser *ps, uint64_t line, uint64_t col, const char *what) {
  return gsat_dimacs_fail(ps->err, GSAT_PARSE, ps->in->name, line, col,
                          "%s beyond the %llu %s the header declares: a proof is written, and a "
                          "proof checker reads only the declared clauses, not this one or any "
                          "after it (fix the header's clause count)",
                          what, (unsigned long long)ps->cnf->declared_clauses,
                          gsat_plural(ps->cnf->declared_clauses, "clause", "clauses"));
}

/* A 0 at tok after the declared clauses: an error under STRICT; otherwise
 * *defer says whether it is a lone 0, which waits in ps->pending_zero for
 * what follows it (SATLIB files whose '%' line was lost end with one), or
 * the end of an extra clause, which is kept. */
static gsat_status clause_above(parser *ps, uint64_t tok, bool *defer) {
  if (ps->mode == GSAT_DIMACS_STRICT)
    return syntax(ps, tok, "more clauses than the %llu declared in the header",
                  (unsigned long long)ps->cnf->declared_clauses);
  *defer = gsat_cnf_open_size(ps->cnf) == 0;
  if (*defer) {
    ps->pending_zero = true;
    ps->pending_line = ps->line;
    ps->pending_column = column(ps, tok);
    return GSAT_OK;
  }
  if (ps->declared_only) return beyond_declared(ps, ps->line, column(ps, tok), "a clause");
  if (!ps->extra_line) ps->extra_line = ps->line;
  return GSAT_OK;
}

/* A literal or 0 follows the pending lone 0: that 0 was an empty clause (it
 * is not the end-marker artefact), added now; with a proof, the error of any
 * clause beyond the declared ones. */
static gsat_status keep_pending_zero(parser *ps) {
  ps->pending_zero = false;
  if (ps->declared_only)
    return beyond_declared(ps, ps->pending_line, ps->pending_column,
                           "an empty clause (a lone 0 with more after it)");
  if (gsat_cnf_end_clause(ps->cnf, ps->err) != GSAT_OK)
    return gsat_dimacs_fail(ps->err, ps->err->status, ps->in->name, ps->pending_line,
                            ps->pending_column, "%s", ps->err->message);
  if (!ps->extra_line) ps->extra_line = ps->pending_line;
  if (!ps->empty_extra_line) ps->empty_extra_line = ps->pending_line;
  return GSAT_OK;
}

/* Parses the literal or 0 starting at *pp (a digit or '-') and adds it. */
static inline gsat_status parse_literal(parser *ps, const unsigned char **pp) {
  gsat_dimacs_input *in = ps->in;
  gsat_cnf *cnf = ps->cnf;
  const unsigned char *p = *pp;
  const uint64_t tok = offset(ps, p);
  if (!ps->header) return syntax(ps, tok, "clause before the 'p cnf' header");
  if (ps->pending_zero) GSAT_FORWARD(keep_pending_zero(ps));
  const bool neg = *p == '-';
  if (neg && *++p == 0 && p == in->end) {
    in->p = p;
    if (gsat_dimacs_input_refill(in, ps->err) < 0) return ps->err->status;
    p = in->p;
  }
  if (neg && (unsigned)*p - '0' > 9) return syntax(ps, tok, "expected a digit after '-'");
  uint64_t v = 0;
  for (;;) {
    const unsigned d = (unsigned)*p - '0';
    if (d <= 9) {
      v = 10 * v + d;
      p++;
      if (v > (uint64_t)GSAT_MAX_DIMACS_VAR)
        return syntax(ps, tok, "variable index too large (more than %lld)",
                      (long long)GSAT_MAX_DIMACS_VAR);
      continue;
    }
    if (p != in->end) break;
    in->p = p;
    const int r = gsat_dimacs_input_refill(in, ps->err);
    if (r < 0) return ps->err->status;
    p = in->p;
    if (r == 0) break;
  }
  const unsigned cls = char_class[*p];
  if (cls != C_BLANK && cls != C_NEWLINE && p != in->end) {
    char b[16];
    return syntax(ps, offset(ps, p), "not an integer: %s inside a number",
                  show(*p, b)); /* at the bad byte */
  }
  if (neg && v == 0) return syntax(ps, tok, "'-0' is not a literal");
  *pp = p;
  ps->token_line = ps->line;
  if (v) {
    if (v > cnf->declared_vars) GSAT_FORWARD(variable_above(ps, v, tok));
    ps->last_lit_line = ps->line;
    ps->last_lit_column = column(ps, tok);
    if (gsat_cnf_add_lit(cnf, GSAT_LIT(v - 1, neg), ps->err) != GSAT_OK) return locate(ps, tok);
  } else {
    bool defer = false;
    if (cnf->num_clauses >= cnf->declared_clauses) GSAT_FORWARD(clause_above(ps, tok, &defer));
    if (!defer && gsat_cnf_end_clause(cnf, ps->err) != GSAT_OK) return locate(ps, tok);
  }
  return GSAT_OK;
}

/* End of the formula at input offset off (end of input, or a `%` line). */
static gsat_status finish(parser *ps, uint64_t off, bool percent) {
  gsat_cnf *cnf = ps->cnf;
  if (off == 0 && !percent)
    return gsat_dimacs_fail(ps->err, GSAT_PARSE, ps->in->name, 1, 1, "empty input");
  if (!ps->header)
    return syntax(ps, off, "no 'p cnf' header before %s",
                  percent ? "the end marker '%'" : "the end of input");
  if (gsat_cnf_open_size(cnf) > 0)
    return gsat_dimacs_fail(ps->err, GSAT_PARSE, ps->in->name, ps->last_lit_line,
                            ps->last_lit_column, "the last clause has no terminating 0 (before %s)",
                            percent ? "the end marker '%'" : "the end of input");
  if (ps->pending_zero) { /* the SATLIB end-marker artefact: dropped */
    ps->pending_zero = false;
    ps->trailer_line = ps->pending_line;
  }
  if (cnf->num_clauses < cnf->declared_clauses && ps->mode != GSAT_DIMACS_RELAXED)
    return syntax(ps, off,
                  "%zu %s, fewer than the %llu declared in the header "
                  "(truncated input?)",
                  cnf->num_clauses, gsat_plural(cnf->num_clauses, "clause", "clauses"),
                  (unsigned long long)cnf->declared_clauses);
  return GSAT_OK;
}

static gsat_status parse(parser *ps) {
  gsat_dimacs_input *in = ps->in;
  const unsigned char *p = in->p;
  char b[16];
  for (;;) {
    const unsigned c = *p;
    switch (char_class[c]) {
    case C_BLANK:
      p++;
      continue;
    case C_NEWLINE:
      p++;
      ps->line++;
      ps->line_start = offset(ps, p);
      continue;
    case C_DIGIT:
    case C_MINUS:
      GSAT_FORWARD(parse_literal(ps, &p));
      continue;
    case C_COMMENT:
      for (;;) { /* to the newline, which the loop then counts */
        const unsigned char *nl = memchr(p, '\n', (size_t)(in->end - p));
        if (nl) {
          p = nl;
          break;
        }
        in->p = in->end;
        const int r = gsat_dimacs_input_refill(in, ps->err);
        if (r < 0) return ps->err->status;
        p = in->p;
        if (r == 0) break;
      }
      continue;
    case C_HEADER:
      if (ps->header) {
        if (ps->token_line == ps->line) return syntax(ps, offset(ps, p), "unexpected 'p'");
        return syntax(ps, offset(ps, p),
                      ps->cnf->num_lits || ps->cnf->num_clauses ? "'p' line after clauses"
                                                                : "second 'p' line");
      }
      in->p = p;
      GSAT_FORWARD(parse_header(ps));
      p = in->p;
      continue;
    case C_PERCENT:
      if (ps->token_line == ps->line)
        return syntax(ps, offset(ps, p), "unexpected '%%' (the end marker must start a line)");
      if (ps->mode == GSAT_DIMACS_STRICT)
        return syntax(ps, offset(ps, p), "end marker '%%' (not allowed in strict mode)");
      in->p = p;
      return finish(ps, offset(ps, p), true);
    case C_NUL:
      if (p == in->end) {
        in->p = p;
        const int r = gsat_dimacs_input_refill(in, ps->err);
        if (r < 0) return ps->err->status;
        p = in->p;
        if (r == 0) return finish(ps, offset(ps, p), false);
        continue;
      }
      return syntax(ps, offset(ps, p), "unexpected byte 0x00");
    default:
      if (c == '+')
        return syntax(ps, offset(ps, p), "unexpected '+' (a positive literal has no '+')");
      if (c == 0xef && offset(ps, p) == 0 && in->end - p >= 3 && p[1] == 0xbb && p[2] == 0xbf)
        return syntax(ps, 0,
                      "a UTF-8 byte-order mark (bytes ef bb bf) starts the file: DIMACS "
                      "is plain ASCII (save it without the mark)");
      return syntax(ps, offset(ps, p), "unexpected %s (not an integer)", show((int)c, b));
    }
  }
}

/*------------------------------------------------------------------------*/

static void warn(const gsat_dimacs_options *opt, const char *name, uint64_t line, const char *fmt,
                 ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;

static void warn(const gsat_dimacs_options *opt, const char *name, uint64_t line, const char *fmt,
                 ...) {
  if (!opt || !opt->warn) return;
  char text[GSAT_ERROR_MESSAGE_SIZE];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(text, sizeof text, fmt, ap);
  va_end(ap);
  opt->warn(opt->warn_data, name, line, text);
}

static void report_warnings(const parser *ps, const char *name, const gsat_dimacs_options *opt) {
  const gsat_cnf *cnf = ps->cnf;
  if (ps->empty_extra_line)
    warn(opt, name, ps->empty_extra_line,
         "the lone 0 on line %llu, after the %llu %s declared in the header "
         "and with more after it, is an empty clause: the formula is "
         "unsatisfiable",
         (unsigned long long)ps->empty_extra_line, (unsigned long long)cnf->declared_clauses,
         gsat_plural(cnf->declared_clauses, "clause", "clauses"));
  if (ps->big_var)
    warn(opt, name, ps->big_var_line,
         "variable %llu (line %llu, column %llu) is above the %llu declared "
         "in the header; the largest variable is %llu",
         (unsigned long long)ps->big_var, (unsigned long long)ps->big_var_line,
         (unsigned long long)ps->big_var_column, (unsigned long long)cnf->declared_vars,
         (unsigned long long)cnf->max_var);
  if (ps->extra_line)
    warn(opt, name, ps->extra_line,
         "%zu %s, more than the %llu declared in the header (the first "
         "extra clause ends on line %llu)",
         cnf->num_clauses, gsat_plural(cnf->num_clauses, "clause", "clauses"),
         (unsigned long long)cnf->declared_clauses, (unsigned long long)ps->extra_line);
  if (ps->trailer_line)
    warn(opt, name, ps->trailer_line,
         "an empty clause (a lone 0) after the %llu %s declared in the "
         "header was ignored (only comments or the end follow it: the SATLIB "
         "end-marker artefact)",
         (unsigned long long)cnf->declared_clauses,
         gsat_plural(cnf->declared_clauses, "clause", "clauses"));
  if (cnf->num_clauses < cnf->declared_clauses)
    warn(opt, name, 0, "%zu %s, fewer than the %llu declared in the header", cnf->num_clauses,
         gsat_plural(cnf->num_clauses, "clause", "clauses"),
         (unsigned long long)cnf->declared_clauses);
}

/* Parses an opened input, closes it, and empties cnf on error. */
static gsat_status read_input(gsat_dimacs_input *in, const gsat_dimacs_options *opt, gsat_cnf *cnf,
                              gsat_error *err) {
  parser ps = {
      .in = in,
      .mode = opt ? opt->mode : GSAT_DIMACS_DEFAULT,
      .declared_only = opt && opt->declared_only,
      .cnf = cnf,
      .err = err,
      .line = 1,
  };
  const char *name = in->name;
  gsat_status st = parse(&ps);
  const gsat_dimacs_codec *codec = in->codec; /* NULL for plain data */
  if (codec && (st == GSAT_OK || st == GSAT_PARSE)) {
    /* Compressed data is read to its end even where parsing stopped early,
     * so that damage is reported (the decoders detect some only at a
     * stream's end, by its check): after a '%' end marker, and after a parse
     * error, which garbage from damaged data may cause (then the damage is
     * reported instead of the parse error). */
    const gsat_error parse_error = *err;
    int r;
    do r = gsat_dimacs_input_refill(in, err);
    while (r > 0);
    if (st == GSAT_PARSE) {
      if (r == 0 || err->status == GSAT_INTERRUPTED) *err = parse_error;
      st = err->status;
    } else if (r < 0) {
      st = err->status;
    }
  }
  if (st == GSAT_OK && in->trailing && ps.mode == GSAT_DIMACS_STRICT)
    st = gsat_dimacs_fail(err, GSAT_IO, name, 0, 0,
                          "bytes after the end of the %s data that are not "
                          "%s (not allowed in strict mode)",
                          codec->name, codec->a_stream);
  if (st == GSAT_PARSE && in->trailing) { /* e.g. junk between members */
    const size_t len = strlen(err->message);
    snprintf(err->message + len, sizeof err->message - len,
             " (the %s data ends early, at bytes that are not %s)", codec->name, codec->a_stream);
  }
  const bool trailing = in->trailing;
  gsat_dimacs_input_close(in);
  if (st != GSAT_OK) {
    gsat_cnf_free(cnf);
    return st;
  }
  report_warnings(&ps, name, opt);
  if (trailing)
    warn(opt, name, 0, "bytes after the end of the %s data that are not %s were ignored",
         codec->name, codec->a_stream);
  return GSAT_OK;
}

/* The cnf must be empty; it is reset (declared counts, max_var) too. */
static gsat_status check_args(gsat_cnf *cnf, const char *name, gsat_error *err) {
  if (cnf->num_clauses || cnf->num_lits)
    return gsat_dimacs_fail(err, GSAT_USAGE, name, 0, 0, "the cnf to read into is not empty");
  gsat_cnf_free(cnf);
  return GSAT_OK;
}

/* Reads from fd, which it owns (closed in every case). */
static gsat_status read_own_fd(int fd, const char *name, const gsat_dimacs_options *opt,
                               gsat_cnf *cnf, gsat_error *err) {
  gsat_dimacs_input in;
  GSAT_FORWARD(gsat_dimacs_input_open_fd(&in, fd, name, opt ? opt->stop : NULL, err));
  return read_input(&in, opt, cnf, err);
}

/* Lets err be NULL: a local record takes its place. */
#define LOCAL_ERROR(err)                                                                           \
  gsat_error local_error_;                                                                         \
  if (!(err)) (err) = &local_error_;                                                               \
  gsat_error_clear(err)

gsat_status gsat_dimacs_read_fd(int fd, const char *name, const gsat_dimacs_options *opt,
                                gsat_cnf *cnf, gsat_error *err) {
  LOCAL_ERROR(err);
  if (!name) name = "<fd>";
  GSAT_FORWARD(check_args(cnf, name, err));
  /* The input closes the descriptor it reads: give it a duplicate. */
  int own = fcntl(fd, F_DUPFD_CLOEXEC, 0);
  if (own < 0)
    return gsat_dimacs_fail(err, GSAT_IO, name, 0, 0, "cannot read: %s", strerror(errno));
  return read_own_fd(own, name, opt, cnf, err);
}

gsat_status gsat_dimacs_read_path(const char *path, const gsat_dimacs_options *opt, gsat_cnf *cnf,
                                  gsat_error *err) {
  if (!path || strcmp(path, "-") == 0)
    return gsat_dimacs_read_fd(STDIN_FILENO, "<stdin>", opt, cnf, err);
  LOCAL_ERROR(err);
  GSAT_FORWARD(check_args(cnf, path, err));
  int fd = open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0) return gsat_dimacs_fail(err, GSAT_IO, path, 0, 0, "cannot open: %s", strerror(errno));
  return read_own_fd(fd, path, opt, cnf, err);
}

gsat_status gsat_dimacs_read_memory(const void *data, size_t size, const char *name,
                                    const gsat_dimacs_options *opt, gsat_cnf *cnf,
                                    gsat_error *err) {
  LOCAL_ERROR(err);
  if (!name) name = "<memory>";
  GSAT_FORWARD(check_args(cnf, name, err));
  gsat_dimacs_input in;
  GSAT_FORWARD(gsat_dimacs_input_open_memory(&in, data, size, name, opt ? opt->stop : NULL, err));
  return read_input(&in, opt, cnf, err);
}
