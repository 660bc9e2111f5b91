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
int *__errno_location(void);

/* ------------------------------------------------------------------ standard streams */

/* glibc's modes: stdin is read-only (_IO_NO_WRITES), stdout and stderr write-only
   (_IO_NO_READS) */
static FILE __vd_stdin_file = { ._flags = 8, ._fileno = 0 };
static FILE __vd_stdout_file = { ._flags = 4, ._fileno = 1 };
static FILE __vd_stderr_file = { ._flags = 4, ._fileno = 2 };

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

/* ------------------------------------------------------------------ stream modes and memory streams
 *
 * glibc's _flags bits for the access mode: _IO_NO_READS (4) on write-only streams, _IO_NO_WRITES
 * (8) on read-only ones. A read from a stream opened without read access, or a write to one
 * opened without write access, fails with the error indicator set (EBADF), as in glibc's
 * _IO_new_file_underflow/_IO_new_file_overflow.
 *
 * fmemopen streams are followed exactly, as glibc >= 2.22 implements them: a cookie over the
 * caller's buffer (libio/fmemopen.c: buffer, size, pos, maxpos, append) under glibc's stream
 * buffer (BUFSIZ = 8192 bytes from malloc; when that malloc fails, the 1-byte _shortbuf).
 * Writes stay in the stream buffer until it is full or the stream is flushed, sought or
 * closed (so the caller's buffer does not change before), and reads refill the stream buffer
 * from the cookie. The stream is marked by a bit of _flags2 that glibc does not use.
 */

enum
{
  __VD_NO_READS = 4,
  __VD_NO_WRITES = 8,
  __VD_MEMSTREAM = 0x40000000
};

/* a library model met a use it does not follow: the path ends and the run is UNKNOWN */
void __verdiff_unsupported_use(void);
int __verdiff_approx_int(void);

struct __vd_memcookie
{
  char *buffer;
  int mybuffer;
  int append;
  size_t size;
  size_t pos;
  size_t maxpos;
};

struct __vd_memfile
{
  FILE file;
  struct __vd_memcookie *c;
  char *io;     /* glibc's stream buffer (NULL until first used): iobuf */
  size_t cap;   /* its size: 8192, or 1 (_shortbuf) when malloc failed */
  void *block;  /* the 8192 bytes glibc allocates (the data live in iobuf, one object
                   whichever way the allocation went) */
  char iobuf[8192];
  size_t wbase; /* pending output is io[wbase .. wbase + wpend) */
  size_t wpend;
  size_t rpos;  /* unread input is io[rpos .. rend) */
  size_t rend;
  int putting;  /* glibc's _IO_CURRENTLY_PUTTING */
  struct __vd_memfile *next;
};

/* the open memory streams (fflush(NULL) flushes them) */
static struct __vd_memfile *__vd_memfiles;

static struct __vd_memfile *__vd_mem(FILE *f)
{
  if (f->_flags2 & __VD_MEMSTREAM)
    return (struct __vd_memfile *)f;
  return 0;
}


/* A failed read: end of file or a read error. */
static void __vd_read_failed(FILE *f)
{
  if (__VERIFIER_nondet_bool())
    f->_flags |= 0x20;
  else
    f->_flags |= 0x10;
}

static int __vd_mem_getc(struct __vd_memfile *m);
static int __vd_mem_putc(struct __vd_memfile *m, int c);

/* A read from a stream without read access: EOF, error indicator (EBADF). */
static int __vd_no_reads(FILE *f)
{
  if (!(f->_flags & 4))
    return 0;
  f->_flags |= 0x20;
  return 1;
}

/* A write to a stream without write access: error indicator (EBADF). */
static int __vd_no_writes(FILE *f)
{
  if (!(f->_flags & 8))
    return 0;
  f->_flags |= 0x20;
  return 1;
}

/* The next byte of a stream: EOF (sticky) or 0..255. */
static int __vd_getc(FILE *f)
{
  int r;
  if (__vd_mem(f))
    return __vd_mem_getc(__vd_mem(f));
  if (__vd_flags(f) & 0x10)
    return -1;
  if (__vd_no_reads(f))
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
  if (__vd_mem(f))
    return __vd_mem_putc(__vd_mem(f), c);
  if (__vd_no_writes(f))
    return -1;
  if (__vd_is_std(f) || __VERIFIER_nondet_bool())
    return (unsigned char)c;
  f->_flags |= 0x20;
  return -1;
}

/* fmemopen_read */
static size_t __vd_cookie_read(struct __vd_memcookie *c, char *b, size_t s)
{
  if (c->pos + s > c->maxpos)
    s = c->pos > c->maxpos ? 0 : c->maxpos - c->pos;
  if (s > 0)
    memcpy(b, c->buffer + c->pos, s);
  c->pos += s;
  return s;
}

/* fmemopen_write: writes what fits; 0 (ENOSPC) when nothing does. A NUL follows the data when
   it fits (in a stream open for update: at the last byte otherwise). */
static size_t __vd_cookie_write(struct __vd_memcookie *c, const char *b, size_t s)
{
  size_t pos = c->append ? c->maxpos : c->pos;
  int addnullc = s == 0 || b[s - 1] != 0;
  if (pos + s > c->size)
  {
    if (c->pos + addnullc >= c->size)
      return 0;
    s = c->size - pos;
  }
  if (s > 0)
    memcpy(c->buffer + pos, b, s);
  c->pos = pos + s;
  if (c->pos > c->maxpos)
  {
    c->maxpos = c->pos;
    if (c->maxpos < c->size && addnullc)
      c->buffer[c->maxpos] = 0;
    else if (c->append == 0 && addnullc != 0)
      c->buffer[c->size - 1] = 0;
  }
  return s;
}

/* _IO_cookie_write: a short write sets the error indicator. */
static size_t __vd_mem_deliver(struct __vd_memfile *m, const char *b, size_t s)
{
  size_t w = __vd_cookie_write(m->c, b, s);
  if (w < s)
    m->file._flags |= 0x20;
  return w;
}

/* _IO_doallocbuf */
static void __vd_mem_alloc(struct __vd_memfile *m)
{
  if (m->io != 0)
    return;
  m->block = malloc(8192);
  m->io = m->iobuf;
  m->cap = m->block != 0 ? 8192 : 1;
}

/* _IO_do_flush: the pending output goes to the cookie; after a short write the rest is
   dropped. 0, or -1 (EOF). */
static int __vd_mem_flush(struct __vd_memfile *m)
{
  size_t n = m->wpend;
  size_t w;
  if (n == 0)
    return 0;
  w = __vd_mem_deliver(m, m->io + m->wbase, n);
  m->wbase = 0;
  m->wpend = 0;
  return w == n ? 0 : -1;
}

/* _IO_new_file_overflow's switch to writing: the unread input is dropped and the position
   goes back over it (new_do_write's seek; appending writes go to the end anyway); the put
   area starts where reading stopped. */
static void __vd_mem_to_put(struct __vd_memfile *m)
{
  __vd_mem_alloc(m);
  if (m->putting)
    return;
  if (!m->c->append)
    m->c->pos -= m->rend - m->rpos;
  m->wbase = m->rpos == m->cap ? 0 : m->rpos;
  m->wpend = 0;
  m->rpos = 0;
  m->rend = 0;
  m->putting = 1;
}

/* _IO_new_file_overflow(f, EOF): 0, or -1 with the error indicator set. */
static int __vd_mem_overflow(struct __vd_memfile *m)
{
  if (m->file._flags & __VD_NO_WRITES)
  {
    m->file._flags |= 0x20;
    return -1;
  }
  __vd_mem_to_put(m);
  return __vd_mem_flush(m);
}

/* _IO_new_file_xsputn: the number of bytes accepted. cap is the buffer's size as a constant
   (the caller branches on m->cap), which keeps the lengths of the copies constant. */
static size_t __vd_mem_write_cap(struct __vd_memfile *m, const char *s, size_t n, size_t cap)
{
  size_t count = 0;
  size_t to_do = n;
  size_t do_write;
  size_t w;
  if (n == 0)
    return 0;
  if (m->putting && m->io != 0)
    count = cap - m->wbase - m->wpend;
  if (count > 0)
  {
    if (count > to_do)
      count = to_do;
    memcpy(m->io + m->wbase + m->wpend, s, count);
    m->wpend += count;
    s += count;
    to_do -= count;
  }
  if (to_do > 0)
  {
    if (__vd_mem_overflow(m) != 0)
      return n - to_do;
    /* whole blocks go straight to the cookie (glibc keeps block alignment for buffers of at
       least 128 bytes; the 1-byte _shortbuf writes everything) */
    do_write = to_do - (cap == 8192 ? to_do % 8192 : 0);
    if (do_write > 0)
    {
      w = __vd_mem_deliver(m, s, do_write);
      to_do -= w;
      if (w < do_write)
        return n - to_do;
      s += w;
    }
    /* _IO_default_xsputn: the rest (less than a block) into the buffer. It fits unless the
       put area started inside a read buffer; then glibc flushes as it fills, which the model
       does not follow. */
    if (to_do > 0)
    {
      count = cap - m->wbase - m->wpend;
      if (count < to_do)
        __verdiff_unsupported_use();
      memcpy(m->io + m->wbase + m->wpend, s, to_do);
      m->wpend += to_do;
      to_do = 0;
    }
  }
  return n - to_do;
}

static size_t __vd_mem_write(struct __vd_memfile *m, const char *s, size_t n)
{
  if (n == 0)
    return 0;
  /* (the buffer is allocated by the first write at the latest) */
  if (m->io == 0 && !(m->file._flags & __VD_NO_WRITES))
    __vd_mem_alloc(m);
  if (m->cap == 1)
    return __vd_mem_write_cap(m, s, n, 1);
  return __vd_mem_write_cap(m, s, n, 8192);
}

/* _IO_putc_unlocked / _IO_new_file_overflow(f, c) */
static int __vd_mem_putc(struct __vd_memfile *m, int c)
{
  if (!(m->putting && m->io != 0 && m->wbase + m->wpend < m->cap))
  {
    if (m->file._flags & __VD_NO_WRITES)
    {
      m->file._flags |= 0x20;
      return -1;
    }
    __vd_mem_to_put(m);
    if (m->wbase + m->wpend == m->cap && __vd_mem_flush(m) != 0)
      return -1;
  }
  m->io[m->wbase + m->wpend] = (char)c;
  m->wpend++;
  return (unsigned char)c;
}

/* _IO_new_file_underflow: 1 when unread input is buffered, else 0 (EOF or error indicator). */
static int __vd_mem_underflow(struct __vd_memfile *m)
{
  size_t n;
  if (m->file._flags & 0x10)
    return 0;
  if (m->file._flags & __VD_NO_READS)
  {
    m->file._flags |= 0x20;
    return 0;
  }
  if (m->rpos < m->rend)
    return 1;
  __vd_mem_alloc(m);
  /* reading through glibc's 1-byte fallback buffer (a refill per byte) is not followed */
  if (m->cap == 1)
    __verdiff_unsupported_use();
  if (m->putting)
  {
    /* _IO_switch_to_get_mode (its failure is ignored; the mode then stays) */
    if (__vd_mem_flush(m) == 0)
      m->putting = 0;
  }
  n = __vd_cookie_read(m->c, m->io, 8192);
  m->rpos = 0;
  m->rend = n;
  if (n == 0)
  {
    m->file._flags |= 0x10;
    return 0;
  }
  return 1;
}

static int __vd_mem_getc(struct __vd_memfile *m)
{
  if (!__vd_mem_underflow(m))
    return -1;
  m->rpos++;
  return (unsigned char)m->io[m->rpos - 1];
}

/* _IO_new_file_sync: pending output is written; unread input is given back. */
static int __vd_mem_sync(struct __vd_memfile *m)
{
  if (m->putting && __vd_mem_flush(m) != 0)
    return -1;
  if (m->rpos < m->rend)
    m->c->pos -= m->rend - m->rpos;
  m->rpos = 0;
  m->rend = 0;
  return 0;
}

/* _IO_new_file_seekoff through _IO_cookie_seekoff (the cookie's position is never cached). */
static int __vd_mem_seek(struct __vd_memfile *m, long offset, int whence)
{
  struct __vd_memcookie *c = m->c;
  long np;
  long delta;
  size_t n;
  if (whence < 0 || whence > 2)
    return -1;
  __vd_mem_alloc(m);
  if (m->putting)
  {
    if (__vd_mem_flush(m) != 0)
      return -1;
    m->putting = 0;
  }
  if (whence == 1)
    offset -= (long)(m->rend - m->rpos);
  np = whence == 0 ? offset : whence == 1 ? (long)c->pos + offset : (long)c->maxpos + offset;
  if (np < 0 || (unsigned long)np > c->size)
  {
    /* glibc seeks a readable stream to the block boundary below offset first and reads up to
       it: the failed seek may have moved the position and refilled the buffer */
    if (whence == 0 && !(m->file._flags & __VD_NO_READS) && m->cap == 8192 && offset > 0
        && (unsigned long)(offset & ~8191L) <= c->size)
      __verdiff_unsupported_use();
    return -1;
  }
  m->file._flags &= ~0x10;
  m->rpos = 0;
  m->rend = 0;
  m->wbase = 0;
  c->pos = (size_t)np;
  delta = m->cap == 8192 ? np & 8191L : 0;
  if (whence == 0 && !(m->file._flags & __VD_NO_READS) && delta > 0 && __VERIFIER_nondet_bool())
  {
    /* the read ahead from the block boundary (glibc reads only up to the position when its
       buffers are empty) */
    c->pos = (size_t)(np - delta);
    n = __vd_cookie_read(c, m->io, 8192);
    if (n < (size_t)delta)
      c->pos = (size_t)np;
    else
    {
      m->rpos = (size_t)delta;
      m->rend = n;
    }
  }
  return 0;
}

static long __vd_mem_tell(struct __vd_memfile *m)
{
  if (m->putting)
  {
    if (m->c->append && m->wpend > 0)
      m->c->pos = m->c->maxpos;
    return (long)(m->c->pos + m->wpend);
  }
  return (long)(m->c->pos - (m->rend - m->rpos));
}

static int __vd_mem_close(struct __vd_memfile *m)
{
  struct __vd_memfile **p = &__vd_memfiles;
  int r = m->putting ? __vd_mem_flush(m) : 0;
  while (*p != m)
    p = &(*p)->next;
  *p = m->next;
  if (m->block != 0)
    free(m->block);
  if (m->c->mybuffer)
    free(m->c->buffer);
  free(m->c);
  free(m);
  return r;
}

/* glibc >= 2.22 (POSIX 2008). The mode is "r", "w" or "a", then "+" (or "b+") for update;
   "w+" truncates the buffer (a NUL at buf[0]); "a" starts at the first NUL (or the end); "r"
   reads the whole buffer. buf == NULL gives a buffer of len bytes that the stream owns. NULL
   when an allocation fails or the mode is invalid (EINVAL). */
FILE *fmemopen(void *buf, size_t len, const char *mode)
{
  struct __vd_memcookie *c;
  struct __vd_memfile *m;
  int rw;
  size_t i;
  __vd_strlen(mode);
  c = (struct __vd_memcookie *)malloc(sizeof(struct __vd_memcookie));
  if (c == 0)
    return 0;
  memset(c, 0, sizeof(struct __vd_memcookie));
  c->mybuffer = buf == 0;
  if (c->mybuffer)
  {
    c->buffer = (char *)malloc(len);
    if (c->buffer == 0)
    {
      free(c);
      return 0;
    }
    if (len > 0)
      c->buffer[0] = 0;
  }
  else
  {
    c->buffer = (char *)buf;
    if (mode[0] == 'w' && mode[1] == '+')
      c->buffer[0] = 0;
    if (mode[0] == 'a')
    {
      i = 0;
      while (i < len && c->buffer[i] != 0)
        i++;
      c->maxpos = i;
    }
  }
  c->size = len;
  if (mode[0] == 'r')
    c->maxpos = len;
  c->append = mode[0] == 'a';
  c->pos = c->append ? c->maxpos : 0;
  /* _IO_fopencookie */
  if (mode[0] == 'r')
    rw = __VD_NO_WRITES;
  else if (mode[0] == 'w' || mode[0] == 'a')
    rw = __VD_NO_READS;
  else
    rw = -1;
  if (rw >= 0 && (mode[1] == '+' || (mode[1] == 'b' && mode[2] == '+')))
    rw = 0;
  m = rw < 0 ? 0 : (struct __vd_memfile *)malloc(sizeof(struct __vd_memfile));
  if (m == 0)
  {
    if (c->mybuffer)
      free(c->buffer);
    free(c);
    return 0;
  }
  memset(m, 0, sizeof(struct __vd_memfile));
  m->file._flags = rw;
  m->file._flags2 = __VD_MEMSTREAM;
  m->file._fileno = -1;
  m->c = c;
  m->next = __vd_memfiles;
  __vd_memfiles = m;
  return &m->file;
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

static int __vd_vsprintf(char *buf, const char *fmt, va_list ap);

/* Output to a stream: the standard streams are assumed to work; a write to another stream
   may fail (EOF, error indicator set). */
static int __vd_vfprintf(FILE *f, const char *fmt, va_list ap)
{
  int r;
  struct __vd_memfile *m = __vd_mem(f);
  va_list aq;
  char *text;
  if (m)
  {
    /* the text goes into the stream buffer piece by piece; followed when it fits there */
    __builtin_va_copy(aq, ap);
    r = __vd_vcount(fmt, aq);
    if (r <= 0)
      return r;
    if (__vd_no_writes(f))
      return -1;
    __vd_mem_to_put(m);
    if ((size_t)r > m->cap - m->wbase - m->wpend)
      __verdiff_unsupported_use();
    text = (char *)__builtin_alloca((size_t)r + 1);
    __vd_vsprintf(text, fmt, ap);
    __vd_mem_write(m, text, (size_t)r);
    return r;
  }
  if (__vd_no_writes(f))
    return -1;
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

/* ------------------------------------------------------------------ <error.h> (GNU)
 *
 * error/error_at_line: stdout is flushed, the message (program name, or a call of
 * error_print_progname; the formatted text; ": strerror(errnum)" when errnum != 0) goes to
 * stderr, error_message_count counts it, and a nonzero status ends the program with
 * exit(status). error_at_line with error_one_per_line set prints nothing and returns (even for
 * a nonzero status) when called again for the same file name and line.
 */

void exit(int status);
int fflush(FILE *f);
int strcmp(const char *a, const char *b);

unsigned int error_message_count;
int error_one_per_line;
void (*error_print_progname)(void);

static void __vd_error_tail(int status, const char *fmt, va_list ap)
{
  __vd_vcount(fmt, ap);
  error_message_count++;
  if (status != 0)
    exit(status);
}

void error(int status, int errnum, const char *fmt, ...)
{
  va_list ap;
  (void)errnum;
  fflush(stdout);
  if (error_print_progname != 0)
    error_print_progname();
  __builtin_va_start(ap, fmt);
  __vd_error_tail(status, fmt, ap);
}

static const char *__vd_error_old_file;
static unsigned int __vd_error_old_line;

void error_at_line(int status, int errnum, const char *file, unsigned int line, const char *fmt, ...)
{
  va_list ap;
  (void)errnum;
  if (error_one_per_line)
  {
    if (__vd_error_old_line == line
        && (file == __vd_error_old_file || (__vd_error_old_file != 0 && file != 0 && strcmp(__vd_error_old_file, file) == 0)))
      return;
    __vd_error_old_file = file;
    __vd_error_old_line = line;
  }
  fflush(stdout);
  if (error_print_progname != 0)
    error_print_progname();
  if (file != 0)
    __vd_strlen(file);
  __builtin_va_start(ap, fmt);
  __vd_error_tail(status, fmt, ap);
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
  size_t len = __vd_strlen(s);
  if (__vd_mem(f))
    return __vd_mem_write(__vd_mem(f), s, len) == len ? 1 : -1;
  if (__vd_no_writes(f))
    return -1;
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
  if (__vd_mem(f))
    __verdiff_unsupported_use();
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
  int c;
  int flags = __vd_flags(f);
  struct __vd_memfile *m = __vd_mem(f);
  if (n <= 0)
    return 0;
  if (n == 1)
  {
    s[0] = 0;
    return s;
  }
  if (m)
  {
    /* _IO_getline: up to n - 1 bytes, up to and including a newline */
    k = 0;
    while (k < n - 1)
    {
      c = __vd_mem_getc(m);
      if (c == -1)
        break;
      s[k] = (char)c;
      k++;
      if (c == '\n')
        break;
    }
    if (k == 0)
      return 0;
    s[k] = 0;
    return s;
  }
  if (flags & 0x10)
    return 0;
  if (__vd_no_reads(f))
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
  struct __vd_memfile *m = __vd_mem(f);
  char *dst = (char *)ptr;
  size_t want;
  size_t k;
  if (size == 0 || nmemb == 0)
    return 0;
  if (m)
  {
    /* _IO_file_xsgetn */
    want = size * nmemb;
    while (want > 0 && __vd_mem_underflow(m))
    {
      k = m->rend - m->rpos;
      if (k > want)
        k = want;
      memcpy(dst, m->io + m->rpos, k);
      m->rpos += k;
      dst += k;
      want -= k;
    }
    return want == 0 ? nmemb : (size * nmemb - want) / size;
  }
  if (flags & 0x10)
    return 0;
  if (__vd_no_reads(f))
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
  if (__vd_mem(f))
  {
    r = __vd_mem_write(__vd_mem(f), (const char *)ptr, total);
    return r == total ? nmemb : r / size;
  }
  if (__vd_no_writes(f))
    return 0;
  if (__vd_is_std(f))
    return nmemb;
  r = __VERIFIER_nondet_ulong();
  __ESBMC_assume(r <= nmemb);
  if (r < nmemb)
    f->_flags |= 0x20;
  return r;
}

/* ------------------------------------------------------------------ opening and closing */

/* glibc's access mode of a stream opened with mode ("r": read-only, "w"/"a": write-only,
   then "+" anywhere among the following characters: both). */
static int __vd_mode_flags(const char *mode)
{
  int rw = mode[0] == 'r' ? __VD_NO_WRITES : __VD_NO_READS;
  size_t i = 1;
  while (mode[i] != 0 && i < 7)
  {
    if (mode[i] == '+')
      rw = 0;
    i++;
  }
  return rw;
}

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
  f->_flags = __vd_mode_flags(mode);
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
  f->_flags = __vd_mode_flags(mode);
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
  if (__vd_mem(f))
    return __vd_mem_close(__vd_mem(f));
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
  struct __vd_memfile *m;
  int r = 0;
  if (f != 0 && __vd_mem(f))
    return __vd_mem_sync(__vd_mem(f));
  if (f == 0)
  {
    m = __vd_memfiles;
    while (m != 0)
    {
      if (__vd_mem_sync(m) != 0)
        r = -1;
      m = m->next;
    }
  }
  if (f != 0)
    __vd_flags(f);
  if (r != 0)
    return -1;
  if (__VERIFIER_nondet_bool())
    return 0;
  if (f != 0)
    f->_flags |= 0x20;
  return -1;
}

/* whence must be SEEK_SET, SEEK_CUR or SEEK_END (else EINVAL); success clears end-of-file. */
int fseek(FILE *f, long offset, int whence)
{
  __vd_flags(f);
  if (__vd_mem(f))
    return __vd_mem_seek(__vd_mem(f), offset, whence);
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
  if (__vd_mem(f))
    return __vd_mem_tell(__vd_mem(f));
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
  if (__vd_mem(f))
    __vd_mem_seek(__vd_mem(f), 0, 0);
  f->_flags &= ~0x30;
}

/* ------------------------------------------------------------------ unlocked variants, stdio_ext
 *
 * The *_unlocked functions are their locked counterparts without the stream lock: the same in
 * verdiff's view (the stream lock only orders concurrent calls).
 */

int fputc_unlocked(int c, FILE *f)
{
  return fputc(c, f);
}

int putc_unlocked(int c, FILE *f)
{
  return putc(c, f);
}

int putchar_unlocked(int c)
{
  return putchar(c);
}

int fputs_unlocked(const char *s, FILE *f)
{
  return fputs(s, f);
}

int fgetc_unlocked(FILE *f)
{
  return fgetc(f);
}

int getc_unlocked(FILE *f)
{
  return getc(f);
}

int getchar_unlocked(void)
{
  return getchar();
}

char *fgets_unlocked(char *s, int n, FILE *f)
{
  return fgets(s, n, f);
}

size_t fread_unlocked(void *ptr, size_t size, size_t nmemb, FILE *f)
{
  return fread(ptr, size, nmemb, f);
}

size_t fwrite_unlocked(const void *ptr, size_t size, size_t nmemb, FILE *f)
{
  return fwrite(ptr, size, nmemb, f);
}

int feof_unlocked(FILE *f)
{
  return feof(f);
}

int ferror_unlocked(FILE *f)
{
  return ferror(f);
}

void clearerr_unlocked(FILE *f)
{
  clearerr(f);
}

int fileno_unlocked(FILE *f)
{
  return fileno(f);
}

int fflush_unlocked(FILE *f)
{
  return fflush(f);
}

/* <stdio_ext.h>, glibc's definitions over the stream state. For the streams whose buffer
   verdiff does not follow (all but fmemopen streams), what is not fixed by the access mode is
   approximated (a violation that depends on it is UNKNOWN). */

/* write_ptr - write_base: the output not yet written; 0 on a stream without write access
   (its put area stays empty). */
size_t __fpending(FILE *f)
{
  int flags = __vd_flags(f);
  struct __vd_memfile *m = __vd_mem(f);
  if (m)
    return m->putting ? m->wpend : 0;
  if (flags & __VD_NO_WRITES)
    return 0;
  return __verdiff_approx_ulong();
}

/* read-only, or neither writing nor write-only and a buffer allocated (after a read or a seek) */
int __freading(FILE *f)
{
  int flags = __vd_flags(f);
  struct __vd_memfile *m = __vd_mem(f);
  if (flags & __VD_NO_WRITES)
    return 1;
  if (flags & __VD_NO_READS)
    return 0;
  if (m)
    return !m->putting && m->io != 0;
  return __verdiff_approx_int() != 0;
}

/* write-only, or writing */
int __fwriting(FILE *f)
{
  int flags = __vd_flags(f);
  struct __vd_memfile *m = __vd_mem(f);
  if (flags & __VD_NO_READS)
    return 1;
  if (flags & __VD_NO_WRITES)
    return 0;
  if (m)
    return m->putting;
  return __verdiff_approx_int() != 0;
}

int __freadable(FILE *f)
{
  return (__vd_flags(f) & __VD_NO_READS) == 0;
}

int __fwritable(FILE *f)
{
  return (__vd_flags(f) & __VD_NO_WRITES) == 0;
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

/* open/creat: -1 (errno any), or a descriptor >= 0; the path must be a string. The file,
   whether it exists and what it is (a regular file, a FIFO, a device), are not tracked. */
int open(const char *path, int flags, ...)
{
  int fd = __VERIFIER_nondet_int();
  (void)flags;
  __vd_strlen(path);
  __ESBMC_assume(fd >= -1);
  return fd;
}

int creat(const char *path, unsigned int mode)
{
  (void)mode;
  return open(path, 0);
}

/* close: 0 or -1 (EBADF, EINTR, EIO). */
int close(int fd)
{
  (void)fd;
  return __VERIFIER_nondet_bool() ? 0 : -1;
}

/* write: the n bytes at buf must be readable; -1, or the number written, at most n (a short
   write: a full disk, a signal, a pipe). */
ssize_t write(int fd, const void *buf, size_t n)
{
  ssize_t r = (ssize_t)__VERIFIER_nondet_long();
  (void)fd;
  if (n > 0)
    memcpy(__builtin_alloca(n), buf, n);
  __ESBMC_assume(r >= -1 && (r < 0 || (size_t)r <= n));
  return r;
}

/* lseek: the resulting offset (>= 0) or -1. A negative descriptor gives EBADF and a whence
   other than SEEK_SET, SEEK_CUR, SEEK_END, SEEK_DATA, SEEK_HOLE (0..4) EINVAL. Otherwise the
   result depends on what the descriptor is: ESPIPE on a pipe, FIFO or socket, EINVAL for a
   negative resulting offset on a regular file, but some devices accept any offset and return
   what they like (/dev/null: 0), so any offset >= 0 or -1 with errno EINVAL, ENXIO,
   EOVERFLOW or ESPIPE. */
off_t lseek(int fd, off_t offset, int whence)
{
  off_t r;
  int e;
  (void)offset;
  if (fd < 0)
  {
    *__errno_location() = 9;
    return -1;
  }
  if (whence < 0 || whence > 4)
  {
    *__errno_location() = 22;
    return -1;
  }
  r = __VERIFIER_nondet_long();
  __ESBMC_assume(r >= -1);
  if (r == -1)
  {
    e = __VERIFIER_nondet_int();
    __ESBMC_assume(e == 22 || e == 6 || e == 75 || e == 29);
    *__errno_location() = e;
  }
  return r;
}

/* pipe: 0 with two different descriptors >= 0 stored, or -1 (EMFILE, ENFILE) with fds
   unchanged. */
int pipe(int fds[2])
{
  int a;
  int b;
  int old = fds[0] + fds[1];
  (void)old;
  if (__VERIFIER_nondet_bool())
    return -1;
  a = __VERIFIER_nondet_int();
  b = __VERIFIER_nondet_int();
  __ESBMC_assume(a >= 0 && b >= 0 && a != b);
  fds[0] = a;
  fds[1] = b;
  return 0;
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
  if (__vd_mem(f))
    __verdiff_unsupported_use();
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
