/* verdiff C library model: <stdio.h> without the scanf family.
 *
 * Parsed by verdiff without the C preprocessor: no directives, no macros.
 *
 * Streams are glibc FILE objects (struct _IO_FILE, same layout, so sizeof(FILE) is glibc's:
 * 216 bytes on x86-64). stdin, stdout and stderr are defined here and point to static FILE
 * objects; fopen returns NULL or a fresh heap FILE that fclose frees. Every stream function
 * reads the FILE, so NULL, closed (freed) and bogus streams are reported.
 * The EOF and error indicators are glibc's _flags bits 0x10 (_IO_EOF_SEEN) and 0x20
 * (_IO_ERR_SEEN); since glibc 2.28 end-of-file is sticky: once seen, reads return EOF.
 * The content of files, and whether I/O succeeds, are nondeterministic. Formatted output is not
 * interpreted: only a lower bound on its length is computed from the format (ordinary
 * characters, %%, %c and field widths), the varargs are not read.
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
  if (__VERIFIER_nondet_bool())
    return (unsigned char)c;
  f->_flags |= 0x20;
  return -1;
}

static int __vd_is_std(FILE *f)
{
  return f == &__vd_stdin_file || f == &__vd_stdout_file || f == &__vd_stderr_file;
}

/* A lower bound on the length of printf output for fmt: ordinary characters, %% and, for
   each conversion, its field width (at least 1 for %c). Reads the whole format. */
static size_t __vd_format_min(const char *fmt)
{
  size_t max = __vd_room(fmt);
  size_t i = 0;
  size_t n = 0;
  size_t width;
  size_t least;
  int pass;
  char c;
  while (i < max && fmt[i] != 0)
  {
    if (fmt[i] != '%')
    {
      n++;
      i++;
      continue;
    }
    i++;
    if (i < max && fmt[i] == '%')
    {
      n++;
      i++;
      continue;
    }
    /* an argument position "N$", then flags (a '-' or '0' there is no part of the width),
       then the field width */
    width = 0;
    for (pass = 0; pass < 2; pass++)
    {
      while (i < max && (fmt[i] == '-' || fmt[i] == '+' || fmt[i] == ' ' || fmt[i] == '#'
                         || fmt[i] == '0' || fmt[i] == '\''))
        i++;
      width = 0;
      while (i < max && fmt[i] >= '0' && fmt[i] <= '9')
      {
        if (width < 100000000)
          width = width * 10 + (size_t)(fmt[i] - '0');
        i++;
      }
      if (i < max && fmt[i] == '$')
      {
        width = 0;
        i++;
      }
      else
        break;
    }
    /* dynamic width, precision, length modifiers */
    while (i < max && (fmt[i] == '*' || fmt[i] == '.' || fmt[i] == '$' || (fmt[i] >= '0' && fmt[i] <= '9')
                       || fmt[i] == 'h' || fmt[i] == 'l' || fmt[i] == 'L' || fmt[i] == 'q'
                       || fmt[i] == 'j' || fmt[i] == 'z' || fmt[i] == 'Z' || fmt[i] == 't'))
      i++;
    if (i < max && fmt[i] != 0)
    {
      c = fmt[i];
      i++;
      if (c == 'n' || c == 'm')
        least = 0;
      else if (c == 'c')
        least = width > 1 ? width : 1;
      else
        least = width;
      n += least;
    }
  }
  if (i == max)
  {
    char past = fmt[i];
    (void)past;
  }
  return n;
}

/* printf's result: -1 (output error) or at least the format's minimal length. */
static int __vd_printed(const char *fmt)
{
  size_t least = __vd_format_min(fmt);
  int r = __VERIFIER_nondet_int();
  __ESBMC_assume(r == -1 || (r >= 0 && (size_t)r >= least));
  return r;
}

/* sprintf into buf: a nondeterministic string at least as long as the format's minimum,
   which fits the buffer when it can (its real length cannot be known). */
static int __vd_sprintf(char *buf, const char *fmt)
{
  size_t least = __vd_format_min(fmt);
  size_t room = __vd_room(buf);
  int r;
  if (least >= room)
  {
    /* the output cannot fit: the terminator lands outside the buffer */
    buf[least] = 0;
    return (int)least;
  }
  r = __VERIFIER_nondet_int();
  __ESBMC_assume(r >= 0 && (size_t)r >= least && (size_t)r < room);
  __vd_havoc(buf, (size_t)r);
  buf[r] = 0;
  return r;
}

/* snprintf: the full length is returned; at most n bytes are written, terminator included. */
static int __vd_snprintf(char *buf, size_t n, const char *fmt)
{
  size_t least = __vd_format_min(fmt);
  int r = __VERIFIER_nondet_int();
  size_t w;
  __ESBMC_assume(r >= 0 && (size_t)r >= least);
  if (n > 0)
  {
    w = (size_t)r < n - 1 ? (size_t)r : n - 1;
    __vd_havoc(buf, w);
    buf[w] = 0;
  }
  return r;
}

/* ------------------------------------------------------------------ formatted output */

int printf(const char *fmt, ...)
{
  return __vd_printed(fmt);
}

int vprintf(const char *fmt, va_list ap)
{
  (void)ap;
  return __vd_printed(fmt);
}

int fprintf(FILE *f, const char *fmt, ...)
{
  int r;
  __vd_flags(f);
  r = __vd_printed(fmt);
  if (r < 0)
    f->_flags |= 0x20;
  return r;
}

int vfprintf(FILE *f, const char *fmt, va_list ap)
{
  int r;
  (void)ap;
  __vd_flags(f);
  r = __vd_printed(fmt);
  if (r < 0)
    f->_flags |= 0x20;
  return r;
}

int dprintf(int fd, const char *fmt, ...)
{
  (void)fd;
  return __vd_printed(fmt);
}

int sprintf(char *buf, const char *fmt, ...)
{
  return __vd_sprintf(buf, fmt);
}

int vsprintf(char *buf, const char *fmt, va_list ap)
{
  (void)ap;
  return __vd_sprintf(buf, fmt);
}

int snprintf(char *buf, size_t n, const char *fmt, ...)
{
  return __vd_snprintf(buf, n, fmt);
}

int vsnprintf(char *buf, size_t n, const char *fmt, va_list ap)
{
  (void)ap;
  return __vd_snprintf(buf, n, fmt);
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
  if (__VERIFIER_nondet_bool())
    return 1;
  f->_flags |= 0x20;
  return -1;
}

/* glibc: MIN(INT_MAX, strlen(s) + 1) on success, EOF on error. */
int puts(const char *s)
{
  size_t len = __vd_strlen(s);
  __vd_flags(stdout);
  if (__VERIFIER_nondet_bool())
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
