/* verdiff C library model: wide-string functions of <wchar.h>.
 *
 * Parsed by verdiff without the C preprocessor: no directives, no macros.
 * wchar_t is glibc's 32-bit signed type; comparisons are of wchar_t values and, as in glibc,
 * return -1, 0 or 1. Walks stay inside the object and read the element past it when a string
 * is not terminated there (verdiff reports that read).
 */

typedef unsigned long size_t;
typedef int wchar_t;

void __ESBMC_assume(_Bool cond);
void __ESBMC_assert(_Bool cond, const char *msg);
unsigned long __ESBMC_get_object_size(const void *p);
long __ESBMC_POINTER_OFFSET(const void *p);
_Bool __ESBMC_same_object(const void *p, const void *q);

void *memcpy(void *dst, const void *src, size_t n);
void *memmove(void *dst, const void *src, size_t n);
void *memset(void *s, int c, size_t n);

/* ------------------------------------------------------------------ helpers */

/* Whole wchar_t elements from p to the end of its object. */
static size_t __vd_wroom(const void *p)
{
  size_t size = __ESBMC_get_object_size(p);
  long off = __ESBMC_POINTER_OFFSET(p);
  if (off < 0 || (size_t)off >= size)
    return 0;
  return (size - (size_t)off) / sizeof(wchar_t);
}

static size_t __vd_wcslen(const wchar_t *s)
{
  size_t max = __vd_wroom(s);
  size_t n = 0;
  while (n < max && s[n] != 0)
    n++;
  if (n == max)
  {
    wchar_t past = s[n];
    (void)past;
  }
  return n;
}

static size_t __vd_wcsnlen(const wchar_t *s, size_t maxlen)
{
  size_t max = __vd_wroom(s);
  size_t n = 0;
  while (n < maxlen && n < max && s[n] != 0)
    n++;
  if (n < maxlen && n == max)
  {
    wchar_t past = s[n];
    (void)past;
  }
  return n;
}

/* Do the element ranges [a, a+na) and [b, b+nb) overlap? */
static _Bool __vd_overlap(const wchar_t *a, size_t na, const wchar_t *b, size_t nb)
{
  long oa;
  long ob;
  if (na == 0 || nb == 0)
    return 0;
  if (!__ESBMC_same_object(a, b))
    return 0;
  oa = __ESBMC_POINTER_OFFSET(a);
  ob = __ESBMC_POINTER_OFFSET(b);
  return oa < ob + (long)(nb * sizeof(wchar_t)) && ob < oa + (long)(na * sizeof(wchar_t));
}

static int __vd_wcmp(wchar_t x, wchar_t y)
{
  return x < y ? -1 : (x > y ? 1 : 0);
}

/* ------------------------------------------------------------------ functions */

size_t wcslen(const wchar_t *s)
{
  return __vd_wcslen(s);
}

size_t wcsnlen(const wchar_t *s, size_t maxlen)
{
  return __vd_wcsnlen(s, maxlen);
}

wchar_t *wcscpy(wchar_t *dst, const wchar_t *src)
{
  size_t n = __vd_wcslen(src) + 1;
  __ESBMC_assert(!__vd_overlap(dst, n, src, n), "wcscpy: source and destination overlap");
  memmove(dst, src, n * sizeof(wchar_t));
  return dst;
}

wchar_t *wcsncpy(wchar_t *dst, const wchar_t *src, size_t n)
{
  size_t len = __vd_wcsnlen(src, n);
  size_t read = len < n ? len + 1 : len;
  __ESBMC_assert(!__vd_overlap(dst, n, src, read), "wcsncpy: source and destination overlap");
  memmove(dst, src, len * sizeof(wchar_t));
  if (len < n)
    memset(dst + len, 0, (n - len) * sizeof(wchar_t));
  return dst;
}

wchar_t *wcscat(wchar_t *dst, const wchar_t *src)
{
  size_t dl = __vd_wcslen(dst);
  size_t sl = __vd_wcslen(src);
  __ESBMC_assert(!__vd_overlap(dst, dl + sl + 1, src, sl + 1), "wcscat: source and destination overlap");
  memmove(dst + dl, src, (sl + 1) * sizeof(wchar_t));
  return dst;
}

int wcscmp(const wchar_t *a, const wchar_t *b)
{
  size_t ma = __vd_wroom(a);
  size_t mb = __vd_wroom(b);
  size_t i = 0;
  while (i < ma && i < mb && a[i] == b[i] && a[i] != 0)
    i++;
  return __vd_wcmp(a[i], b[i]);
}

int wcsncmp(const wchar_t *a, const wchar_t *b, size_t n)
{
  size_t ma = __vd_wroom(a);
  size_t mb = __vd_wroom(b);
  size_t i = 0;
  if (n == 0)
    return 0;
  while (i + 1 < n && i < ma && i < mb && a[i] == b[i] && a[i] != 0)
    i++;
  return __vd_wcmp(a[i], b[i]);
}

wchar_t *wcschr(const wchar_t *s, wchar_t c)
{
  size_t max = __vd_wroom(s);
  size_t i = 0;
  while (i < max && s[i] != c && s[i] != 0)
    i++;
  if (i == max)
  {
    wchar_t past = s[i];
    (void)past;
    return 0;
  }
  if (s[i] == c)
    return (wchar_t *)(s + i);
  return 0;
}

wchar_t *wcsrchr(const wchar_t *s, wchar_t c)
{
  size_t max = __vd_wroom(s);
  size_t i = 0;
  const wchar_t *last = 0;
  while (i < max && s[i] != 0)
  {
    if (s[i] == c)
      last = s + i;
    i++;
  }
  if (i == max)
  {
    wchar_t past = s[i];
    (void)past;
    return (wchar_t *)last;
  }
  if (c == 0)
    return (wchar_t *)(s + i);
  return (wchar_t *)last;
}

wchar_t *wmemcpy(wchar_t *dst, const wchar_t *src, size_t n)
{
  memcpy(dst, src, n * sizeof(wchar_t));
  return dst;
}

wchar_t *wmemmove(wchar_t *dst, const wchar_t *src, size_t n)
{
  memmove(dst, src, n * sizeof(wchar_t));
  return dst;
}

wchar_t *wmemset(wchar_t *s, wchar_t c, size_t n)
{
  size_t max;
  size_t i = 0;
  unsigned int u = (unsigned int)c;
  if (n == 0)
    return s;
  if (u == (u & 0xffu) * 0x01010101u)
  {
    /* all four bytes equal (e.g. 0): one range write */
    memset(s, (int)(u & 0xffu), n * sizeof(wchar_t));
    return s;
  }
  max = __vd_wroom(s);
  while (i < n && i < max)
  {
    s[i] = c;
    i++;
  }
  if (i < n)
    s[i] = c;
  return s;
}

int wmemcmp(const wchar_t *a, const wchar_t *b, size_t n)
{
  size_t ma = __vd_wroom(a);
  size_t mb = __vd_wroom(b);
  size_t i = 0;
  if (n == 0)
    return 0;
  if (n > ma)
  {
    wchar_t past = a[ma];
    (void)past;
  }
  if (n > mb)
  {
    wchar_t past = b[mb];
    (void)past;
  }
  while (i < n && i < ma && i < mb && a[i] == b[i])
    i++;
  if (i >= n || i >= ma || i >= mb)
    return 0;
  return __vd_wcmp(a[i], b[i]);
}

wchar_t *wmemchr(const wchar_t *s, wchar_t c, size_t n)
{
  size_t max = __vd_wroom(s);
  size_t i = 0;
  while (i < n && i < max && s[i] != c)
    i++;
  if (i < n && i == max)
  {
    wchar_t past = s[i];
    (void)past;
    return 0;
  }
  if (i < n)
    return (wchar_t *)(s + i);
  return 0;
}

/* <wchar.h> conversion state: glibc's mbstate_t is { int __count; union { unsigned int
   __wch; char __wchb[4]; } __value; }; the initial state has __count == 0. */
typedef struct
{
  int __count;
  union
  {
    unsigned int __wch;
    char __wchb[4];
  } __value;
} __vd_mbstate_t;

int mbsinit(const __vd_mbstate_t *ps)
{
  return ps == 0 || ps->__count == 0;
}

/* ------------------------------------------------------------------ formatted wide output */

/* swprintf and vswprintf: the format is read (it must be a terminated wide string) but not
 * interpreted — a conversion that would read memory through its argument makes the run
 * UNKNOWN, since that argument is not checked — so the result is approximated: -1 (output did not fit, or an encoding error)
 * or a count r < n of wide characters written, with buf[0..r) approximated content and
 * buf[r] the terminator (C11 7.29.2.3). A violation that depends on the result is UNKNOWN. */

typedef __builtin_va_list va_list;
unsigned long __verdiff_approx_ulong(void);
void __verdiff_approx_bytes(void *p, size_t n);
void __verdiff_unsupported_format(void);

/* Whether a conversion of fmt dereferences its argument (%s, %ls, %S, %n) or is one this scan
   does not know: then the unread arguments could matter and the run is UNKNOWN. */
static int __vd_wformat_reads_pointers(const wchar_t *fmt, size_t len)
{
  size_t i = 0;
  wchar_t c;
  while (i < len)
  {
    if (fmt[i] != '%')
    {
      i++;
      continue;
    }
    i++;
    while (i < len && (fmt[i] == '-' || fmt[i] == '+' || fmt[i] == ' ' || fmt[i] == '#' || fmt[i] == '0'
                       || fmt[i] == '*' || fmt[i] == '.' || (fmt[i] >= '1' && fmt[i] <= '9') || fmt[i] == 'h'
                       || fmt[i] == 'l' || fmt[i] == 'L' || fmt[i] == 'q' || fmt[i] == 'j' || fmt[i] == 'z'
                       || fmt[i] == 't'))
      i++;
    if (i >= len)
      return 1;
    c = fmt[i];
    i++;
    if (c == '%' || c == 'd' || c == 'i' || c == 'u' || c == 'o' || c == 'x' || c == 'X' || c == 'c'
        || c == 'C' || c == 'p' || c == 'f' || c == 'F' || c == 'e' || c == 'E' || c == 'g' || c == 'G'
        || c == 'a' || c == 'A')
      continue;
    return 1;
  }
  return 0;
}

int vswprintf(wchar_t *buf, size_t n, const wchar_t *fmt, va_list ap)
{
  long r;
  (void)ap;
  if (__vd_wformat_reads_pointers(fmt, __vd_wcslen(fmt)))
    __verdiff_unsupported_format();
  r = (long)__verdiff_approx_ulong();
  if (n == 0 || r < 0 || (size_t)r >= n || r > 2147483647)
    return -1;
  __verdiff_approx_bytes(buf, (size_t)r * sizeof(wchar_t));
  buf[r] = 0;
  return (int)r;
}

int swprintf(wchar_t *buf, size_t n, const wchar_t *fmt, ...)
{
  va_list ap;
  __builtin_va_start(ap, fmt);
  return vswprintf(buf, n, fmt, ap);
}
