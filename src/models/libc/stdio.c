/* verdiff C library model: <stdio.h>.
 *
 * Parsed by verdiff without the C preprocessor: no directives, no macros.
 *
 * Streams are glibc FILE objects (struct _IO_FILE, same layout, so sizeof(FILE) is glibc's:
 * 216 bytes on x86-64). stdin, stdout and stderr are defined here and point to static FILE
 * objects; fopen returns NULL or a fresh heap FILE that fclose frees. Every stream function
 * reads the FILE, so NULL, closed (freed) and bogus streams are reported.
 * The EOF and error indicators are glibc's _flags bits 0x10 (_IO_EOF_SEEN) and 0x20
 * (_IO_ERR_SEEN); since glibc 2.28 end-of-file is sticky: once seen, reads return EOF.
 * The content of files, and whether I/O on them succeeds, are nondeterministic; writes to the
 * standard streams are assumed to succeed (as in ESBMC and CBMC). Formatted output is
 * interpreted exactly where verdiff can (see the formatter below) and approximated elsewhere.
 */

typedef unsigned long size_t;
typedef long ssize_t;
typedef long off_t;
typedef __builtin_va_list va_list;

struct _IO_marker;
struct _IO_codecvt;
struct _IO_wide_data;

struct _IO_FILE
{
  int _flags;
  char *_IO_read_ptr;
  char *_IO_read_end;
  char *_IO_read_base;
  char *_IO_write_base;
  char *_IO_write_ptr;
  char *_IO_write_end;
  char *_IO_buf_base;
  char *_IO_buf_end;
  char *_IO_save_base;
  char *_IO_backup_base;
  char *_IO_save_end;
  struct _IO_marker *_markers;
  struct _IO_FILE *_chain;
  int _fileno;
  int _flags2;
  long _old_offset;
  unsigned short _cur_column;
  signed char _vtable_offset;
  char _shortbuf[1];
  void *_lock;
  long long _offset;
  struct _IO_codecvt *_codecvt;
  struct _IO_wide_data *_wide_data;
  struct _IO_FILE *_freeres_list;
  void *_freeres_buf;
  size_t __pad5;
  int _mode;
  char _unused2[15 * sizeof(int) - 4 * sizeof(void *) - sizeof(size_t)];
};

typedef struct _IO_FILE FILE;

void __ESBMC_assume(_Bool cond);
void __ESBMC_assert(_Bool cond, const char *msg);
unsigned long __ESBMC_get_object_size(const void *p);
long __ESBMC_POINTER_OFFSET(const void *p);
int __VERIFIER_nondet_int(void);
unsigned char __VERIFIER_nondet_uchar(void);
unsigned long __VERIFIER_nondet_ulong(void);
long __VERIFIER_nondet_long(void);
_Bool __VERIFIER_nondet_bool(void);

void *malloc(size_t n);
void free(void *p);
void *memcpy(void *dst, const void *src, size_t n);
void *memset(void *s, int c, size_t n);
void *__builtin_alloca(size_t n);

/* ------------------------------------------------------------------ standard streams */

static FILE __vd_stdin_file = { ._flags = 0, ._fileno = 0 };
static FILE __vd_stdout_file = { ._flags = 0, ._fileno = 1 };
static FILE __vd_stderr_file = { ._flags = 0, ._fileno = 2 };

FILE *stdin = &__vd_stdin_file;
FILE *stdout = &__vd_stdout_file;
FILE *stderr = &__vd_stderr_file;

/* ------------------------------------------------------------------ helpers */

static size_t __vd_room(const void *p)
{
  size_t size = __ESBMC_get_object_size(p);
  long off = __ESBMC_POINTER_OFFSET(p);
  if (off < 0 || (size_t)off >= size)
    return 0;
  return size - (size_t)off;
}

static size_t __vd_strlen(const char *s)
{
  size_t max = __vd_room(s);
  size_t n = 0;
  while (n < max && s[n] != 0)
    n++;
  if (n == max)
  {
    char past = s[n];
    (void)past;
  }
  return n;
}

static void __vd_havoc(void *p, size_t n)
{
  void *fresh = __builtin_alloca(n);
  memcpy(p, fresh, n);
}

/* The standard streams: writes to them are assumed to succeed. */
static int __vd_is_std(FILE *f)
{
  return f == &__vd_stdin_file || f == &__vd_stdout_file || f == &__vd_stderr_file;
}

/* Reads the stream object (reports NULL, freed and invalid streams); returns its flags. */
static int __vd_flags(FILE *f)
{
  return f->_flags;
}

/* A failed read: end of file or a read error. */
static void __vd_read_failed(FILE *f)
{
  if (__VERIFIER_nondet_bool())
    f->_flags |= 0x20;
  else
    f->_flags |= 0x10;
}

/* The next byte of a stream: EOF (sticky) or 0..255. */
static int __vd_getc(FILE *f)
{
  int r;
  if (__vd_flags(f) & 0x10)
    return -1;
  r = __VERIFIER_nondet_int();
  __ESBMC_assume(r >= -1 && r <= 255);
  if (r == -1)
    __vd_read_failed(f);
  return r;
}

/* Writing c: (unsigned char)c, or EOF with the error indicator set. */
static int __vd_putc(int c, FILE *f)
{
  __vd_flags(f);
  if (__vd_is_std(f) || __VERIFIER_nondet_bool())
    return (unsigned char)c;
  f->_flags |= 0x20;
  return -1;
}

/* ------------------------------------------------------------------ formatted output
 *
 * One formatter for the whole printf family. It interprets the format and the variadic
 * arguments as glibc does in the C locale and writes the output to buf[0..cap) (cap 0: count
 * only; sprintf passes an unlimited cap, so writing past the buffer is reported by the bounds
 * checks at the byte that overflows). Integer conversions (d i u o x X c with every flag, width,
 * precision and length modifier), %s, %%, %n and NULL %p are exact. Conversions whose text
 * verdiff does not compute (floating point, non-NULL %p, wide characters, %m, numbered
 * arguments, unknown conversions) produce an approximated number of approximated bytes within
 * the bounds glibc can print: a violation that depends on them is reported as UNKNOWN, never
 * as a counterexample.
 */

unsigned long __verdiff_approx_ulong(void);
int __verdiff_is_concrete(unsigned long long v);
/* the call ends the path and makes the run UNKNOWN: the model cannot interpret its input */
void __verdiff_unsupported_format(void);
void __verdiff_approx_bytes(void *p, size_t n);

struct __vd_out
{
  char *buf;
  size_t cap;
  size_t n;
};

enum
{
  __VD_MINUS = 1,
  __VD_PLUS = 2,
  __VD_SPACE = 4,
  __VD_HASH = 8,
  __VD_ZERO = 16,
  /* ' : thousands grouping, which only a locale other than "C" changes (C11 leaves the flag
     to POSIX; glibc groups %'d %'i %'u and the floating conversions with LC_NUMERIC's data) */
  __VD_GROUP = 32
};

/* 1 once LC_NUMERIC may be another locale than "C" (locale.c). */
extern int __verdiff_locale_numeric;

static void __vd_put(struct __vd_out *o, char c)
{
  if (o->n < o->cap)
    o->buf[o->n] = c;
  o->n++;
}

/* k copies of c: one range operation, not a loop */
static void __vd_fill(struct __vd_out *o, char c, size_t k)
{
  size_t w;
  if (k == 0)
    return;
  if (o->n < o->cap)
  {
    w = o->cap - o->n < k ? o->cap - o->n : k;
    memset(o->buf + o->n, c, w);
  }
  o->n += k;
}

/* the k bytes at s */
static void __vd_copy(struct __vd_out *o, const char *s, size_t k)
{
  size_t w;
  if (k == 0)
    return;
  if (o->n < o->cap)
  {
    w = o->cap - o->n < k ? o->cap - o->n : k;
    memcpy(o->buf + o->n, s, w);
  }
  o->n += k;
}

/* text verdiff does not compute: between lo and hi approximated bytes */
static void __vd_approx(struct __vd_out *o, size_t lo, size_t hi)
{
  size_t k = __verdiff_approx_ulong();
  size_t w;
  __ESBMC_assume(k >= lo && k <= hi);
  if (k != 0 && o->n < o->cap)
  {
    w = o->cap - o->n < k ? o->cap - o->n : k;
    __verdiff_approx_bytes(o->buf + o->n, w);
  }
  o->n += k;
}

/* padding of a field of len bytes to width: before it (right-justified) */
static void __vd_pad_before(struct __vd_out *o, int fl, size_t width, size_t len)
{
  if (!(fl & __VD_MINUS) && width > len)
    __vd_fill(o, ' ', width - len);
}

static void __vd_pad_after(struct __vd_out *o, int fl, size_t width, size_t len)
{
  if ((fl & __VD_MINUS) && width > len)
    __vd_fill(o, ' ', width - len);
}

/* The decimal digits of v, least significant first, as dig[0..20). Division chains are hard
   for the solver; instead the digits are chosen with v = sum of d_k * 10^k (unique). */
static void __vd_decimal(unsigned long long v, char *dig, size_t maxd)
{
  unsigned long long lo = 0;
  unsigned long long hi = 0;
  unsigned long long p = 1;
  unsigned long long s;
  unsigned char d;
  size_t k;
  if (__verdiff_is_concrete(v))
  {
    /* a known value: its digits, folded by symbolic execution */
    for (k = 0; k < 20; k++)
    {
      dig[k] = (char)('0' + v % 10);
      v = v / 10;
    }
    return;
  }
  for (k = 0; k < 20; k++)
  {
    if (k == 10)
      p = 1;
    d = __VERIFIER_nondet_uchar();
    __ESBMC_assume(d <= 9 && (k < maxd || d == 0));
    dig[k] = (char)('0' + d);
    if (k < 10)
      lo += d * p;
    else
      hi += d * p;
    p = p * 10;
  }
  /* hi * 10^10 + lo without wrapping around */
  __ESBMC_assume(hi <= 1844674407ull);
  s = hi * 10000000000ull + lo;
  __ESBMC_assume(s >= lo && s == v);
}

/* An integer conversion of magnitude v (neg: it was negative) in base 8, 10 or 16, of a type
   of `bits` bits; prec < 0: no precision. */
static void __vd_integer(struct __vd_out *o, unsigned long long v, int neg, int is_signed, unsigned base,
                         int upper, int fl, size_t width, long prec, int bits)
{
  const char *digits = upper ? "0123456789ABCDEF" : "0123456789abcdef";
  char dig[24];
  char msd[24];
  size_t maxd = base == 10 ? (bits == 64 ? 20 : bits == 32 ? 10 : bits == 16 ? 5 : 3)
                           : base == 16 ? (size_t)bits / 4 : ((size_t)bits + 2) / 3;
  unsigned shift = base == 16 ? 4 : 3;
  size_t nd = 1;
  size_t i;
  size_t zeros = 0;
  size_t len;
  char sign = 0;
  int hex_prefix = 0;
  unsigned long long t = base;
  /* the number of digits, by comparisons (no branching on the value) */
  for (i = 1; i < maxd; i++)
  {
    nd += v >= t;
    t = t * base;
  }
  if (prec == 0 && v == 0)
    nd = 0;
  if (prec > 0 && (size_t)prec > nd)
    zeros = (size_t)prec - nd;
  /* '#' with o: the first digit printed is a 0 */
  if ((fl & __VD_HASH) && base == 8 && zeros == 0 && (v != 0 || nd == 0))
    zeros = 1;
  if (is_signed)
  {
    if (neg)
      sign = '-';
    else if (fl & __VD_PLUS)
      sign = '+';
    else if (fl & __VD_SPACE)
      sign = ' ';
  }
  if ((fl & __VD_HASH) && base == 16 && v != 0)
    hex_prefix = 1;
  len = (sign != 0) + 2 * hex_prefix + zeros + nd;
  if ((fl & __VD_ZERO) && !(fl & __VD_MINUS) && prec < 0 && width > len)
  {
    zeros += width - len;
    len = width;
  }
  if ((fl & __VD_GROUP) && base == 10 && __verdiff_locale_numeric)
  {
    /* grouped digits of an unknown locale: at least the ungrouped text, and a separator of
       up to 4 bytes (a multibyte character) before each of the nd digits at most */
    len = width > len ? width : len;
    __vd_approx(o, len, len + 4 * nd);
    return;
  }
  if (o->cap == 0)
  {
    /* counting only */
    o->n += width > len ? width : len;
    return;
  }
  /* the digits, most significant first, right-aligned in msd[0..maxd) */
  if (base == 10)
    __vd_decimal(v, dig, maxd);
  else
    for (i = 0; i < maxd; i++)
      dig[i] = digits[(v >> (shift * i)) & (base - 1)];
  for (i = 0; i < maxd; i++)
    msd[i] = dig[maxd - 1 - i];
  __vd_pad_before(o, fl, width, len);
  if (sign != 0)
    __vd_put(o, sign);
  if (hex_prefix)
  {
    __vd_put(o, '0');
    __vd_put(o, upper ? 'X' : 'x');
  }
  __vd_fill(o, '0', zeros);
  __vd_copy(o, msd + (maxd - nd), nd);
  __vd_pad_after(o, fl, width, len);
}

/* The length of the string at s, reading at most max bytes (max < 0: no limit): only the
   bytes up to the terminator are read. */
static size_t __vd_strnlen(const char *s, long max)
{
  size_t room = __vd_room(s);
  size_t n = 0;
  while ((max < 0 || n < (size_t)max) && n < room && s[n] != 0)
    n++;
  if (n == room && (max < 0 || n < (size_t)max))
  {
    char past = s[n];
    (void)past;
  }
  return n;
}

/* Formats fmt with the arguments at ap into o; returns 0, or -1 for a format glibc rejects. */
/* The length modifier of a conversion at fmt[i]: *lm = -2 hh, -1 h, 0 none, 1 l, 2 ll/q/j,
   3 z/Z/t, 4 L. Returns the index after it. */
static size_t __vd_length_modifier(const char *fmt, size_t i, size_t max, int *lm)
{
  *lm = 0;
  if (i >= max)
    return i;
  if (fmt[i] == 'h' || fmt[i] == 'l')
  {
    *lm = fmt[i] == 'h' ? -1 : 1;
    i++;
    if (i < max && fmt[i] == fmt[i - 1])
    {
      *lm = *lm * 2;
      i++;
    }
  }
  else if (fmt[i] == 'q' || fmt[i] == 'j')
  {
    *lm = 2;
    i++;
  }
  else if (fmt[i] == 'z' || fmt[i] == 'Z' || fmt[i] == 't')
  {
    *lm = 3;
    i++;
  }
  else if (fmt[i] == 'L')
  {
    *lm = 4;
    i++;
  }
  return i;
}

static int __vd_format(struct __vd_out *o, const char *fmt, va_list ap)
{
  size_t max = __vd_room(fmt);
  size_t i = 0;
  int fl;
  size_t width;
  long prec;
  int lm; /* length modifier: -2 hh, -1 h, 0 none, 1 l, 2 ll/q/j, 3 z/t, 4 L */
  int num;
  char c;
  long long sv;
  unsigned long long uv;
  int iv;
  const char *s;
  size_t len;
  void *p;
  int *np;
  while (i < max && fmt[i] != 0)
  {
    if (fmt[i] != '%')
    {
      __vd_put(o, fmt[i]);
      i++;
      continue;
    }
    i++;
    fl = 0;
    width = 0;
    prec = -1;
    lm = 0;
    /* numbered arguments ("%1$d") are not interpreted */
    num = 0;
    while (i < max && fmt[i] >= '0' && fmt[i] <= '9' && num < 4)
    {
      num++;
      i++;
    }
    if (num > 0 && i < max && fmt[i] == '$')
    {
      __vd_approx(o, 0, 2147483647);
      return 0;
    }
    i -= num;
    while (i < max && (fmt[i] == '-' || fmt[i] == '+' || fmt[i] == ' ' || fmt[i] == '#' || fmt[i] == '0'
                       || fmt[i] == '\''))
    {
      if (fmt[i] == '-')
        fl |= __VD_MINUS;
      else if (fmt[i] == '+')
        fl |= __VD_PLUS;
      else if (fmt[i] == ' ')
        fl |= __VD_SPACE;
      else if (fmt[i] == '#')
        fl |= __VD_HASH;
      else if (fmt[i] == '0')
        fl |= __VD_ZERO;
      else
        fl |= __VD_GROUP;
      i++;
    }
    if (i < max && fmt[i] == '*')
    {
      iv = __builtin_va_arg(ap, int);
      if (iv < 0)
      {
        fl |= __VD_MINUS;
        width = -(long)iv;
      }
      else
        width = iv;
      i++;
    }
    else
      while (i < max && fmt[i] >= '0' && fmt[i] <= '9')
      {
        if (width < 100000000)
          width = width * 10 + (size_t)(fmt[i] - '0');
        i++;
      }
    if (i < max && fmt[i] == '.')
    {
      i++;
      prec = 0;
      if (i < max && fmt[i] == '*')
      {
        iv = __builtin_va_arg(ap, int);
        prec = iv < 0 ? -1 : iv;
        i++;
      }
      else
        while (i < max && fmt[i] >= '0' && fmt[i] <= '9')
        {
          if (prec < 100000000)
            prec = prec * 10 + (fmt[i] - '0');
          i++;
        }
    }
    i = __vd_length_modifier(fmt, i, max, &lm);
    if (i >= max)
    {
      /* the format is not terminated inside its object */
      char past = fmt[i];
      (void)past;
      return -1;
    }
    if (fmt[i] == 0)
      return -1;
    c = fmt[i];
    i++;
    if (c == 'd' || c == 'i')
    {
      if (lm == 2 || lm == 4)
        sv = __builtin_va_arg(ap, long long);
      else if (lm == 1 || lm == 3)
        sv = __builtin_va_arg(ap, long);
      else if (lm == -1)
        sv = (short)__builtin_va_arg(ap, int);
      else if (lm == -2)
        sv = (signed char)__builtin_va_arg(ap, int);
      else
        sv = __builtin_va_arg(ap, int);
      uv = sv < 0 ? -(unsigned long long)sv : (unsigned long long)sv;
      __vd_integer(o, uv, sv < 0, 1, 10, 0, fl, width, prec,
                   lm >= 2 ? 8 * (int)sizeof(long long) : lm >= 1 ? 8 * (int)sizeof(long) : lm == -1 ? 16 : lm == -2 ? 8 : 32);
    }
    else if (c == 'u' || c == 'o' || c == 'x' || c == 'X')
    {
      if (lm == 2 || lm == 4)
        uv = __builtin_va_arg(ap, unsigned long long);
      else if (lm == 1 || lm == 3)
        uv = __builtin_va_arg(ap, unsigned long);
      else if (lm == -1)
        uv = (unsigned short)__builtin_va_arg(ap, unsigned int);
      else if (lm == -2)
        uv = (unsigned char)__builtin_va_arg(ap, unsigned int);
      else
        uv = __builtin_va_arg(ap, unsigned int);
      __vd_integer(o, uv, 0, 0, c == 'u' ? 10 : c == 'o' ? 8 : 16, c == 'X', fl, width, prec,
                   lm >= 2 ? 8 * (int)sizeof(long long) : lm >= 1 ? 8 * (int)sizeof(long) : lm == -1 ? 16 : lm == -2 ? 8 : 32);
    }
    else if (c == 'c' && lm != 1)
    {
      iv = __builtin_va_arg(ap, int);
      __vd_pad_before(o, fl, width, 1);
      __vd_put(o, (char)iv);
      __vd_pad_after(o, fl, width, 1);
    }
    else if (c == 's' && lm != 1)
    {
      s = __builtin_va_arg(ap, const char *);
      len = __vd_strnlen(s, prec);
      __vd_pad_before(o, fl, width, len);
      __vd_copy(o, s, len);
      __vd_pad_after(o, fl, width, len);
    }
    else if (c == '%')
      __vd_put(o, '%');
    else if (c == 'n')
    {
      np = __builtin_va_arg(ap, int *);
      if (lm == -2)
        *(signed char *)np = (signed char)o->n;
      else if (lm == -1)
        *(short *)np = (short)o->n;
      else if (lm == 1 || lm == 3)
        *(long *)np = (long)o->n;
      else if (lm == 2)
        *(long long *)np = (long long)o->n;
      else
        *np = (int)o->n;
    }
    else if (c == 'p')
    {
      p = __builtin_va_arg(ap, void *);
      if (p == 0)
      {
        __vd_pad_before(o, fl, width, 5);
        __vd_copy(o, "(nil)", 5);
        __vd_pad_after(o, fl, width, 5);
      }
      else
        /* "0x" and the address in hex: the address is not known */
        __vd_approx(o, width > 3 ? width : 3, width > 2 + 2 * sizeof(void *) ? width : 2 + 2 * sizeof(void *));
    }
    else if (c == 'f' || c == 'F' || c == 'e' || c == 'E' || c == 'g' || c == 'G' || c == 'a' || c == 'A')
    {
      if (lm == 4)
      {
        long double ld = __builtin_va_arg(ap, long double);
        (void)ld;
      }
      else
      {
        double d = __builtin_va_arg(ap, double);
        (void)d;
      }
      /* "inf" is the shortest; %f of the largest long double has 4933 integer digits */
      __vd_approx(o, width > 1 ? width : 1,
                  (width > 5000 ? width : 5000) + (prec > 0 ? (size_t)prec : 6));
    }
    else if (c == 'c' || c == 'C')
    {
      /* wide character: up to MB_LEN_MAX bytes */
      iv = __builtin_va_arg(ap, int);
      __vd_approx(o, width > 1 ? width : 1, width > 16 ? width : 16);
    }
    else if (c == 's' || c == 'S')
    {
      /* wide string */
      p = __builtin_va_arg(ap, void *);
      __vd_approx(o, width, 2147483647);
    }
    else if (c == 'm')
      __vd_approx(o, width, width > 1024 ? width : 1024);
    else
    {
      /* an unknown conversion: glibc prints it unchanged */
      __vd_approx(o, 0, 2147483647);
      return 0;
    }
  }
  if (i == max)
  {
    /* the format is not terminated inside its object */
    char past = fmt[i];
    (void)past;
  }
  return 0;
}

/* The printf result of a complete output of n bytes: glibc fails with EOVERFLOW beyond INT_MAX. */
static int __vd_result(size_t n)
{
  return n > 2147483647ul ? -1 : (int)n;
}

static int __vd_vcount(const char *fmt, va_list ap)
{
  struct __vd_out o = { 0, 0, 0 };
  if (__vd_format(&o, fmt, ap) < 0)
    return -1;
  return __vd_result(o.n);
}

/* Output to a stream: the standard streams are assumed to work; a write to another stream
   may fail (EOF, error indicator set). */
static int __vd_vfprintf(FILE *f, const char *fmt, va_list ap)
{
  int r;
  __vd_flags(f);
  r = __vd_vcount(fmt, ap);
  if (r >= 0 && !__vd_is_std(f) && __VERIFIER_nondet_bool())
    r = -1;
  if (r < 0)
    f->_flags |= 0x20;
  return r;
}

/* snprintf: at most n bytes are written, the terminator included; the full length is returned. */
static int __vd_vsnprintf(char *buf, size_t n, const char *fmt, va_list ap)
{
  struct __vd_out o = { buf, n, 0 };
  if (__vd_format(&o, fmt, ap) < 0)
    return -1;
  if (n > 0)
    buf[o.n < n ? o.n : n - 1] = 0;
  return __vd_result(o.n);
}

/* sprintf: no limit; writing past the buffer is reported byte by byte. */
static int __vd_vsprintf(char *buf, const char *fmt, va_list ap)
{
  struct __vd_out o = { buf, (size_t)-1, 0 };
  if (__vd_format(&o, fmt, ap) < 0)
    return -1;
  buf[o.n] = 0;
  return __vd_result(o.n);
}

/* asprintf: a heap buffer of the exact size (NULL and -1 when malloc fails). */
static int __vd_vasprintf(char **strp, const char *fmt, va_list ap)
{
  va_list aq;
  struct __vd_out o = { 0, 0, 0 };
  char *buf;
  __builtin_va_copy(aq, ap);
  if (__vd_format(&o, fmt, aq) < 0)
    return -1;
  if (o.n > 2147483647ul)
    return -1;
  buf = malloc(o.n + 1);
  if (buf == 0)
    return -1;
  __vd_vsprintf(buf, fmt, ap);
  *strp = buf;
  return (int)o.n;
}

int printf(const char *fmt, ...)
{
  va_list ap;
  __builtin_va_start(ap, fmt);
  return __vd_vfprintf(stdout, fmt, ap);
}

int vprintf(const char *fmt, va_list ap)
{
  return __vd_vfprintf(stdout, fmt, ap);
}

int fprintf(FILE *f, const char *fmt, ...)
{
  va_list ap;
  __builtin_va_start(ap, fmt);
  return __vd_vfprintf(f, fmt, ap);
}

int vfprintf(FILE *f, const char *fmt, va_list ap)
{
  return __vd_vfprintf(f, fmt, ap);
}

/* A file descriptor is not a stream verdiff tracks: the write may fail. */
int vdprintf(int fd, const char *fmt, va_list ap)
{
  int r = __vd_vcount(fmt, ap);
  (void)fd;
  if (__VERIFIER_nondet_bool())
    return -1;
  return r;
}

int dprintf(int fd, const char *fmt, ...)
{
  va_list ap;
  __builtin_va_start(ap, fmt);
  return vdprintf(fd, fmt, ap);
}

int sprintf(char *buf, const char *fmt, ...)
{
  va_list ap;
  __builtin_va_start(ap, fmt);
  return __vd_vsprintf(buf, fmt, ap);
}

int vsprintf(char *buf, const char *fmt, va_list ap)
{
  return __vd_vsprintf(buf, fmt, ap);
}

int snprintf(char *buf, size_t n, const char *fmt, ...)
{
  va_list ap;
  __builtin_va_start(ap, fmt);
  return __vd_vsnprintf(buf, n, fmt, ap);
}

int vsnprintf(char *buf, size_t n, const char *fmt, va_list ap)
{
  return __vd_vsnprintf(buf, n, fmt, ap);
}

int asprintf(char **strp, const char *fmt, ...)
{
  va_list ap;
  __builtin_va_start(ap, fmt);
  return __vd_vasprintf(strp, fmt, ap);
}

int vasprintf(char **strp, const char *fmt, va_list ap)
{
  return __vd_vasprintf(strp, fmt, ap);
}

/* ------------------------------------------------------------------ character and string output */

int fputc(int c, FILE *f)
{
  return __vd_putc(c, f);
}

int putc(int c, FILE *f)
{
  return __vd_putc(c, f);
}

int putchar(int c)
{
  return __vd_putc(c, stdout);
}

/* glibc: 1 on success, EOF on error. */
int fputs(const char *s, FILE *f)
{
  __vd_strlen(s);
  __vd_flags(f);
  if (__vd_is_std(f) || __VERIFIER_nondet_bool())
    return 1;
  f->_flags |= 0x20;
  return -1;
}

/* glibc: MIN(INT_MAX, strlen(s) + 1) on success, EOF on error. */
int puts(const char *s)
{
  size_t len = __vd_strlen(s);
  __vd_flags(stdout);
  if (__vd_is_std(stdout) || __VERIFIER_nondet_bool())
    return len + 1 > 2147483647ul ? 2147483647 : (int)(len + 1);
  stdout->_flags |= 0x20;
  return -1;
}

void perror(const char *s)
{
  if (s != 0)
    __vd_strlen(s);
  __vd_flags(stderr);
}

/* Called by glibc's putc_unlocked macro when the (empty) write buffer is full. */
int __overflow(FILE *f, int c)
{
  return __vd_putc(c, f);
}

/* ------------------------------------------------------------------ input */

int fgetc(FILE *f)
{
  return __vd_getc(f);
}

int getc(FILE *f)
{
  return __vd_getc(f);
}

int getchar(void)
{
  return __vd_getc(stdin);
}

/* Called by glibc's getc_unlocked macro when the (empty) read buffer is exhausted. */
int __uflow(FILE *f)
{
  return __vd_getc(f);
}

int ungetc(int c, FILE *f)
{
  __vd_flags(f);
  if (c == -1)
    return -1;
  f->_flags &= ~0x10;
  return (unsigned char)c;
}

/* glibc: n <= 0 gives NULL, n == 1 an empty string. Otherwise 1..n-1 bytes are read (the
   content is nondeterministic; a newline, when read, ends the line) and terminated; NULL when
   nothing could be read (buffer unchanged) or on a read error. */
char *fgets(char *s, int n, FILE *f)
{
  int k;
  int flags = __vd_flags(f);
  if (n <= 0)
    return 0;
  if (n == 1)
  {
    s[0] = 0;
    return s;
  }
  if (flags & 0x10)
    return 0;
  k = __VERIFIER_nondet_int();
  __ESBMC_assume(k >= 0 && k <= n - 1);
  if (k == 0)
  {
    __vd_read_failed(f);
    return 0;
  }
  __vd_havoc(s, (size_t)k);
  s[k] = 0;
  if (__VERIFIER_nondet_bool())
  {
    /* a read error after some bytes */
    f->_flags |= 0x20;
    return 0;
  }
  if (k < n - 1 && s[k - 1] != '\n')
    f->_flags |= 0x10;
  return s;
}

/* gets (removed by C11, still in glibc and in old code): reads a line of any length into s,
   with no bound. A line as long as the room left in s stores its terminator past the object
   (longer lines go further, but the first byte outside is already the violation). */
char *gets(char *s)
{
  size_t room = __vd_room(s);
  size_t k;
  if (__vd_flags(stdin) & 0x10)
    return 0;
  k = __VERIFIER_nondet_ulong();
  __ESBMC_assume(k <= room);
  if (k == 0 && __VERIFIER_nondet_bool())
  {
    __vd_read_failed(stdin);
    return 0;
  }
  __ESBMC_assert(k < room, "gets: the line read may be longer than the buffer (gets has no bound; use fgets)");
  __ESBMC_assume(k < room);
  if (k > 0)
    __vd_havoc(s, k);
  s[k] = 0;
  return s;
}

/* Reads r <= nmemb elements (nondeterministic bytes; after a short read part of one more
   element may have been stored). */
size_t fread(void *ptr, size_t size, size_t nmemb, FILE *f)
{
  size_t r;
  size_t extra = 0;
  int flags = __vd_flags(f);
  if (size == 0 || nmemb == 0)
    return 0;
  if (flags & 0x10)
    return 0;
  r = __VERIFIER_nondet_ulong();
  __ESBMC_assume(r <= nmemb);
  if (r < nmemb)
  {
    extra = __VERIFIER_nondet_ulong();
    __ESBMC_assume(extra < size);
    __vd_read_failed(f);
  }
  __vd_havoc(ptr, r * size + extra);
  return r;
}

/* Writes r <= nmemb elements; the whole source range must be readable. */
size_t fwrite(const void *ptr, size_t size, size_t nmemb, FILE *f)
{
  size_t r;
  size_t total;
  void *copy;
  __vd_flags(f);
  if (size == 0 || nmemb == 0)
    return 0;
  total = size * nmemb;
  copy = __builtin_alloca(total);
  memcpy(copy, ptr, total);
  if (__vd_is_std(f))
    return nmemb;
  r = __VERIFIER_nondet_ulong();
  __ESBMC_assume(r <= nmemb);
  if (r < nmemb)
    f->_flags |= 0x20;
  return r;
}

/* ------------------------------------------------------------------ opening and closing */

/* NULL for a mode not starting with r, w or a (EINVAL); otherwise NULL (failure) or a fresh
   stream. */
FILE *fopen(const char *path, const char *mode)
{
  FILE *f;
  int fd;
  __vd_strlen(path);
  __vd_strlen(mode);
  if (mode[0] != 'r' && mode[0] != 'w' && mode[0] != 'a')
    return 0;
  if (__VERIFIER_nondet_bool())
    return 0;
  f = (FILE *)malloc(sizeof(FILE));
  if (f == 0)
    return 0;
  memset(f, 0, sizeof(FILE));
  fd = __VERIFIER_nondet_int();
  __ESBMC_assume(fd >= 0);
  f->_fileno = fd;
  return f;
}

FILE *fdopen(int fd, const char *mode)
{
  FILE *f;
  __vd_strlen(mode);
  if (fd < 0 || (mode[0] != 'r' && mode[0] != 'w' && mode[0] != 'a'))
    return 0;
  if (__VERIFIER_nondet_bool())
    return 0;
  f = (FILE *)malloc(sizeof(FILE));
  if (f == 0)
    return 0;
  memset(f, 0, sizeof(FILE));
  f->_fileno = fd;
  return f;
}

FILE *tmpfile(void)
{
  FILE *f;
  int fd;
  if (__VERIFIER_nondet_bool())
    return 0;
  f = (FILE *)malloc(sizeof(FILE));
  if (f == 0)
    return 0;
  memset(f, 0, sizeof(FILE));
  fd = __VERIFIER_nondet_int();
  __ESBMC_assume(fd >= 0);
  f->_fileno = fd;
  return f;
}

/* The stream must be open: a stream from fopen/fdopen/tmpfile is freed (closing it twice is
   a double free), the standard streams are static. 0, or EOF when flushing failed. */
int fclose(FILE *f)
{
  __vd_flags(f);
  if (!__vd_is_std(f))
    free(f);
  return __VERIFIER_nondet_bool() ? 0 : -1;
}

/* ------------------------------------------------------------------ state and positioning */

int feof(FILE *f)
{
  return (__vd_flags(f) & 0x10) != 0;
}

int ferror(FILE *f)
{
  return (__vd_flags(f) & 0x20) != 0;
}

void clearerr(FILE *f)
{
  __vd_flags(f);
  f->_flags &= ~0x30;
}

int fileno(FILE *f)
{
  __vd_flags(f);
  return f->_fileno;
}

/* NULL flushes every stream. */
int fflush(FILE *f)
{
  if (f != 0)
    __vd_flags(f);
  if (__VERIFIER_nondet_bool())
    return 0;
  if (f != 0)
    f->_flags |= 0x20;
  return -1;
}

/* whence must be SEEK_SET, SEEK_CUR or SEEK_END (else EINVAL); success clears end-of-file. */
int fseek(FILE *f, long offset, int whence)
{
  (void)offset;
  __vd_flags(f);
  if (whence < 0 || whence > 2)
    return -1;
  if (__VERIFIER_nondet_bool())
    return -1;
  f->_flags &= ~0x10;
  return 0;
}

int fseeko(FILE *f, off_t offset, int whence)
{
  return fseek(f, (long)offset, whence);
}

long ftell(FILE *f)
{
  long r;
  __vd_flags(f);
  r = __VERIFIER_nondet_long();
  __ESBMC_assume(r >= -1);
  return r;
}

off_t ftello(FILE *f)
{
  return (off_t)ftell(f);
}

/* fseek(f, 0, SEEK_SET) and clearerr. */
void rewind(FILE *f)
{
  __vd_flags(f);
  f->_flags &= ~0x30;
}

/* ------------------------------------------------------------------ file descriptors */

/* read/recv: -1 (an error: a bad descriptor, a signal, a reset connection) or r <= n bytes of
   nondeterministic input stored at buf (0: end of input). The descriptor is not tracked. */
static ssize_t __vd_read_fd(void *buf, size_t n)
{
  ssize_t r = (ssize_t)__VERIFIER_nondet_long();
  __ESBMC_assume(r >= -1 && (r < 0 || (size_t)r <= n));
  if (r > 0)
    __vd_havoc(buf, (size_t)r);
  return r;
}

ssize_t read(int fd, void *buf, size_t n)
{
  (void)fd;
  return __vd_read_fd(buf, n);
}

ssize_t recv(int fd, void *buf, size_t n, int flags)
{
  (void)fd;
  (void)flags;
  return __vd_read_fd(buf, n);
}

/* ------------------------------------------------------------------ formatted input */

/* The scanf family. The input is arbitrary: each conversion either matches (and, unless
 * suppressed with '*', stores a value of its size through its pointer argument) or input ends
 * there, after which nothing more is stored. %s and %[ store a non-empty string of arbitrary
 * length — at most the field width when one is given — and its terminator, so "%s" into a
 * fixed buffer can overflow it; %c stores width (default 1) characters without terminator.
 * The result is the number of stored conversions, or EOF when input ended before the first.
 * For scanf/fscanf the input really is unknown; for sscanf it is a string in the program
 * whose content verdiff does not interpret, so its results are approximations (a violation
 * that depends on them is reported as UNKNOWN, not as a proven counterexample). */

static unsigned long __vd_scan_choice(int approx)
{
  if (approx)
    return __verdiff_approx_ulong();
  return __VERIFIER_nondet_ulong();
}

static void __vd_scan_bytes(void *p, size_t n, int approx)
{
  if (approx)
    __verdiff_approx_bytes(p, n);
  else
    __vd_havoc(p, n);
}

/* The size of the integer a %d-like conversion (or %n) stores, by length modifier
   (glibc accepts L and q for long long). */
static size_t __vd_scan_int_size(int lm)
{
  if (lm == -2)
    return 1;
  if (lm == -1)
    return sizeof(short);
  if (lm == 1)
    return sizeof(long);
  if (lm == 2 || lm == 4)
    return 8;
  if (lm == 3)
    return sizeof(size_t);
  return sizeof(int);
}

/* Whether `digits` digits in `base` can spell a number above max. */
static int __vd_digits_exceed(unsigned long long base, size_t digits, unsigned long long max)
{
  unsigned long long v = 0;
  size_t k;
  for (k = 0; k < digits; k++)
  {
    if (v > (max - (base - 1)) / base)
      return 1;
    v = v * base + (base - 1);
  }
  return 0;
}

/* Whether a %d i u o x X conversion with this field width can read a number its object (of
   `size` bytes) cannot hold: C11 7.21.6.2p10 makes that undefined. The widest number the
   width admits: `width` digits (for %i also "0x" and hexadecimal digits, or "0" and octal
   ones); signed conversions store into a signed object. A conversion without a width is
   assumed to read a number that fits, as ESBMC assumes (esbmc/esbmc#1470): every
   scanf("%d") would be reported otherwise. */
static int __vd_scan_width_overflows(char c, size_t width, size_t size)
{
  int is_signed = c == 'd' || c == 'i';
  unsigned long long max = size >= 8 ? ~0ull : (1ull << (8 * size)) - 1;
  if (is_signed)
    max = max >> 1;
  if (c == 'x' || c == 'X')
    return __vd_digits_exceed(16, width, max);
  if (c == 'o')
    return __vd_digits_exceed(8, width, max);
  if (c == 'i')
    return __vd_digits_exceed(10, width, max) || (width > 2 && __vd_digits_exceed(16, width - 2, max))
           || (width > 1 && __vd_digits_exceed(8, width - 1, max));
  return __vd_digits_exceed(10, width, max);
}

static int __vd_vscan(const char *fmt, va_list ap, int approx)
{
  size_t max = __vd_room(fmt);
  size_t i = 0;
  int stored = 0;
  int ended = 0;
  int suppress;
  int has_width;
  size_t width;
  int lm; /* see __vd_length_modifier */
  size_t size;
  size_t n;
  char c;
  char *d;
  void *p;
  while (i < max && fmt[i] != 0)
  {
    if (fmt[i] != '%')
    {
      /* a literal or white space: the input may not match it */
      if (__vd_scan_choice(approx) & 1)
      {
        ended = 1;
        break;
      }
      i++;
      continue;
    }
    i++;
    if (i < max && fmt[i] == '%')
    {
      i++;
      continue;
    }
    suppress = 0;
    if (i < max && fmt[i] == '*')
    {
      suppress = 1;
      i++;
    }
    has_width = 0;
    width = 0;
    while (i < max && fmt[i] >= '0' && fmt[i] <= '9')
    {
      has_width = 1;
      /* saturated: a width of 25 digits must not wrap around to a small one */
      if (width < 100000000)
        width = width * 10 + (size_t)(fmt[i] - '0');
      i++;
    }
    i = __vd_length_modifier(fmt, i, max, &lm);
    c = fmt[i];
    i++;
    if (c == '[')
    {
      /* skip the scan set: a ']' right after '[' or "[^" belongs to the set */
      if (i < max && fmt[i] == '^')
        i++;
      if (i < max && fmt[i] == ']')
        i++;
      while (i < max && fmt[i] != 0 && fmt[i] != ']')
        i++;
      if (i < max && fmt[i] == ']')
        i++;
    }
    if (c == 'n')
    {
      if (!suppress)
      {
        p = __builtin_va_arg(ap, void *);
        __vd_scan_bytes(p, __vd_scan_int_size(lm), approx);
      }
      continue;
    }
    /* input may end (or fail to match) before this conversion */
    if (__vd_scan_choice(approx) & 1)
    {
      ended = 1;
      break;
    }
    if (suppress)
      continue;
    if (c == 's' || c == '[')
    {
      d = __builtin_va_arg(ap, char *);
      n = (size_t)__vd_scan_choice(approx);
      __ESBMC_assume(n >= 1);
      if (has_width && width > 0)
        __ESBMC_assume(n <= width);
      __vd_scan_bytes(d, n, approx);
      d[n] = 0;
    }
    else if (c == 'c')
    {
      d = __builtin_va_arg(ap, char *);
      __vd_scan_bytes(d, has_width && width > 0 ? width : 1, approx);
    }
    else if (c == 'd' || c == 'i' || c == 'u' || c == 'o' || c == 'x' || c == 'X')
    {
      p = __builtin_va_arg(ap, void *);
      size = __vd_scan_int_size(lm);
      if (has_width && width > 0 && __vd_scan_width_overflows(c, width, size))
      {
        /* the input may be such a number (for sscanf: a string verdiff does not interpret) */
        n = (size_t)__vd_scan_choice(approx);
        __ESBMC_assert(!(n & 1), "scanf: the field width admits a number the object cannot hold (undefined, C11 7.21.6.2p10)");
        __ESBMC_assume(!(n & 1));
      }
      __vd_scan_bytes(p, size, approx);
    }
    else if (c == 'a' || c == 'A' || c == 'e' || c == 'E' || c == 'f' || c == 'F' || c == 'g' || c == 'G')
    {
      p = __builtin_va_arg(ap, void *);
      size = lm == 4 || lm == 2 ? sizeof(long double) : lm == 1 ? sizeof(double) : sizeof(float);
      __vd_scan_bytes(p, size, approx);
    }
    else if (c == 'p')
    {
      p = __builtin_va_arg(ap, void *);
      __vd_scan_bytes(p, sizeof(void *), approx);
    }
    else
    {
      /* a conversion the model does not interpret (e.g. glibc's %ms): the run is UNKNOWN */
      __verdiff_unsupported_format();
      return -1;
    }
    stored++;
  }
  if (stored == 0 && ended && (__vd_scan_choice(approx) & 1))
    return -1;
  return stored;
}

int vfscanf(FILE *f, const char *fmt, va_list ap)
{
  int flags = __vd_flags(f);
  if (flags & 0x10)
    return -1;
  return __vd_vscan(fmt, ap, 0);
}

int fscanf(FILE *f, const char *fmt, ...)
{
  va_list ap;
  __builtin_va_start(ap, fmt);
  return vfscanf(f, fmt, ap);
}

int vscanf(const char *fmt, va_list ap)
{
  return vfscanf(stdin, fmt, ap);
}

int scanf(const char *fmt, ...)
{
  va_list ap;
  __builtin_va_start(ap, fmt);
  return vfscanf(stdin, fmt, ap);
}

int vsscanf(const char *s, const char *fmt, va_list ap)
{
  size_t len = __vd_strlen(s);
  if (len == 0)
    return -1;
  return __vd_vscan(fmt, ap, 1);
}

int sscanf(const char *s, const char *fmt, ...)
{
  va_list ap;
  __builtin_va_start(ap, fmt);
  return vsscanf(s, fmt, ap);
}
