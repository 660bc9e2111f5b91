/* verdiff C library model: <string.h> and <strings.h>.
 *
 * Parsed by verdiff without the C preprocessor: no directives, no macros.
 * Strings are walked only inside the object they point into; when a walk reaches the end of
 * the object without finding what it looks for, the byte just past the object is read so that
 * verdiff's bounds check reports the out-of-bounds access.
 * Bulk reads and writes go through memmove/memset/memcpy, whose ranges verdiff checks.
 */

typedef unsigned long size_t;

void __ESBMC_assume(_Bool cond);
void __ESBMC_assert(_Bool cond, const char *msg);
unsigned long __ESBMC_get_object_size(const void *p);
long __ESBMC_POINTER_OFFSET(const void *p);
_Bool __ESBMC_same_object(const void *p, const void *q);
char __VERIFIER_nondet_char(void);
unsigned long __VERIFIER_nondet_ulong(void);
int __verdiff_summarise_walk(unsigned long size);
int __verdiff_no_zero_written(const void *p, unsigned long len);
int __VERIFIER_nondet_int(void);

void *malloc(size_t n);
void free(void *p);
void *memcpy(void *dst, const void *src, size_t n);
void *memmove(void *dst, const void *src, size_t n);
void *memset(void *s, int c, size_t n);
void *__builtin_alloca(size_t n);

/* ------------------------------------------------------------------ helpers */

/* Bytes from p to the end of its object (0 when p is outside its object or NULL). */
static size_t __vd_room(const void *p)
{
  size_t size = __ESBMC_get_object_size(p);
  long off = __ESBMC_POINTER_OFFSET(p);
  if (off < 0 || (size_t)off >= size)
    return 0;
  return size - (size_t)off;
}

/* Length of s; reads the byte past the object when s is not terminated inside it.
   Over an object whose size symbolic execution does not know (a caller's string of any
   length) the first 8 bytes are walked one by one and the rest is summarised: the length is
   some `far` with s[far] == 0, or the end of the object, and no byte a write left between
   them is 0 (symex/walks.rs). The real length is one such value, so a proof covers it; a
   counterexample that rests on another value does not replay (a replay walks every byte),
   and one with a short skipped range is asked for instead (engine/bmc/solve/confirm.rs). */
static size_t __vd_strlen(const char *s)
{
  size_t max = __vd_room(s);
  size_t far = __VERIFIER_nondet_ulong();
  size_t n = 0;
  while (n < max && s[n] != 0)
  {
    n++;
    if (n == 8 && __verdiff_summarise_walk(max))
    {
      __ESBMC_assume(n <= far && far <= max);
      __ESBMC_assume(__verdiff_no_zero_written(s + n, far - n));
      if (far < max)
        __ESBMC_assume(s[far] == 0);
      n = far;
      break;
    }
  }
  if (n == max)
  {
    char past = s[n];
    (void)past;
  }
  return n;
}

/* strnlen: reads at most maxlen bytes. */
static size_t __vd_strnlen(const char *s, size_t maxlen)
{
  size_t max = __vd_room(s);
  size_t n = 0;
  while (n < maxlen && n < max && s[n] != 0)
    n++;
  if (n < maxlen && n == max)
  {
    char past = s[n];
    (void)past;
  }
  return n;
}

/* Do the byte ranges [a, a+na) and [b, b+nb) overlap? */
static _Bool __vd_overlap(const void *a, size_t na, const void *b, size_t nb)
{
  long oa;
  long ob;
  if (na == 0 || nb == 0)
    return 0;
  if (!__ESBMC_same_object(a, b))
    return 0;
  oa = __ESBMC_POINTER_OFFSET(a);
  ob = __ESBMC_POINTER_OFFSET(b);
  return oa < ob + (long)nb && ob < oa + (long)na;
}

/* Nondeterministic content for n bytes at p. */
static void __vd_havoc(void *p, size_t n)
{
  void *fresh = __builtin_alloca(n);
  memcpy(p, fresh, n);
}

/* A nonzero result with the sign of d (glibc's memcmp returns different magnitudes on
   different paths; only the sign is specified). */
static int __vd_sign_like(int d)
{
  int r;
  if (d == 0)
    return 0;
  r = __VERIFIER_nondet_int();
  __ESBMC_assume(d < 0 ? r < 0 : r > 0);
  return r;
}

static int __vd_ascii_lower(int c)
{
  return (c >= 'A' && c <= 'Z') ? c + ('a' - 'A') : c;
}

/* Length of the initial segment of s made of bytes in (in_set) or not in (!in_set) set. */
static size_t __vd_span(const char *s, const char *set, _Bool in_set)
{
  size_t sl = __vd_strlen(set);
  size_t max = __vd_room(s);
  size_t i = 0;
  size_t j;
  while (i < max && s[i] != 0)
  {
    j = 0;
    while (j < sl && set[j] != s[i])
      j++;
    if (in_set ? j == sl : j < sl)
      break;
    i++;
  }
  if (i == max)
  {
    char past = s[i];
    (void)past;
  }
  return i;
}

/* ------------------------------------------------------------------ length */

size_t strlen(const char *s)
{
  return __vd_strlen(s);
}

size_t strnlen(const char *s, size_t maxlen)
{
  return __vd_strnlen(s, maxlen);
}

/* ------------------------------------------------------------------ copying */

char *strcpy(char *dst, const char *src)
{
  size_t n = __vd_strlen(src) + 1;
  __ESBMC_assert(!__vd_overlap(dst, n, src, n), "strcpy: source and destination overlap");
  memmove(dst, src, n);
  return dst;
}

char *stpcpy(char *dst, const char *src)
{
  size_t len = __vd_strlen(src);
  __ESBMC_assert(!__vd_overlap(dst, len + 1, src, len + 1), "stpcpy: source and destination overlap");
  memmove(dst, src, len + 1);
  return dst + len;
}

char *strncpy(char *dst, const char *src, size_t n)
{
  size_t len = __vd_strnlen(src, n);
  size_t read = len < n ? len + 1 : len;
  __ESBMC_assert(!__vd_overlap(dst, n, src, read), "strncpy: source and destination overlap");
  memmove(dst, src, len);
  if (len < n)
    memset(dst + len, 0, n - len);
  return dst;
}

char *strcat(char *dst, const char *src)
{
  size_t dl = __vd_strlen(dst);
  size_t sl = __vd_strlen(src);
  __ESBMC_assert(!__vd_overlap(dst, dl + sl + 1, src, sl + 1), "strcat: source and destination overlap");
  memmove(dst + dl, src, sl + 1);
  return dst;
}

char *strncat(char *dst, const char *src, size_t n)
{
  size_t dl = __vd_strlen(dst);
  size_t sl = __vd_strnlen(src, n);
  size_t read = sl < n ? sl + 1 : sl;
  __ESBMC_assert(!__vd_overlap(dst, dl + sl + 1, src, read), "strncat: source and destination overlap");
  memmove(dst + dl, src, sl);
  dst[dl + sl] = 0;
  return dst;
}

char *strdup(const char *s)
{
  size_t n = __vd_strlen(s) + 1;
  char *p = malloc(n);
  if (p == 0)
    return 0;
  memcpy(p, s, n);
  return p;
}

char *strndup(const char *s, size_t n)
{
  size_t len = __vd_strnlen(s, n);
  char *p = malloc(len + 1);
  if (p == 0)
    return 0;
  memcpy(p, s, len);
  p[len] = 0;
  return p;
}

/* ------------------------------------------------------------------ comparison */

/* glibc x86-64: the difference of the first differing bytes (as unsigned char). */
/* The walks below summarise as __vd_strlen does: past 8 equal bytes of two objects whose sizes
   are not known, the first difference or terminator is some `far` where the bytes differ or
   are 0 (or the end of the shorter object), with no zero byte written to either before it.
   A walk along an object of known size (a literal) is exact: its terminator is not a write. */
int strcmp(const char *a, const char *b)
{
  size_t ma = __vd_room(a);
  size_t mb = __vd_room(b);
  size_t m = ma < mb ? ma : mb;
  size_t far = __VERIFIER_nondet_ulong();
  size_t i = 0;
  while (i < ma && i < mb && a[i] == b[i] && a[i] != 0)
  {
    i++;
    if (i == 8 && __verdiff_summarise_walk(ma) && __verdiff_summarise_walk(mb))
    {
      __ESBMC_assume(i <= far && far <= m);
      __ESBMC_assume(__verdiff_no_zero_written(a + i, far - i));
      __ESBMC_assume(__verdiff_no_zero_written(b + i, far - i));
      if (far < m)
        __ESBMC_assume(a[far] != b[far] || a[far] == 0);
      i = far;
      break;
    }
  }
  return (int)(unsigned char)a[i] - (int)(unsigned char)b[i];
}

int strncmp(const char *a, const char *b, size_t n)
{
  size_t ma = __vd_room(a);
  size_t mb = __vd_room(b);
  size_t i = 0;
  size_t m = ma < mb ? ma : mb;
  size_t far = __VERIFIER_nondet_ulong();
  if (n == 0)
    return 0;
  while (i + 1 < n && i < ma && i < mb && a[i] == b[i] && a[i] != 0)
  {
    i++;
    if (i == 8 && __verdiff_summarise_walk(ma) && __verdiff_summarise_walk(mb))
    {
      /* (the walk stops at n - 1 at the latest) */
      __ESBMC_assume(i <= far && far <= m && far < n);
      __ESBMC_assume(__verdiff_no_zero_written(a + i, far - i));
      __ESBMC_assume(__verdiff_no_zero_written(b + i, far - i));
      if (far < m && far + 1 < n)
        __ESBMC_assume(a[far] != b[far] || a[far] == 0);
      i = far;
      break;
    }
  }
  return (int)(unsigned char)a[i] - (int)(unsigned char)b[i];
}

/* set by setlocale (locale.c) once LC_COLLATE may be another locale than "C" */
extern int __verdiff_locale_collate;

/* In the "C" locale strcoll is strcmp. Another locale's collation may order two different
   strings either way, or collate them equal ("ch" sorts after "h" in Czech); equal strings
   collate equal in every locale. Both strings are read in full either way. */
int strcoll(const char *a, const char *b)
{
  int r = strcmp(a, b);
  if (__verdiff_locale_collate && r != 0)
    return __VERIFIER_nondet_int();
  return r;
}

int memcmp(const void *a, const void *b, size_t n)
{
  const unsigned char *p = (const unsigned char *)a;
  const unsigned char *q = (const unsigned char *)b;
  size_t ma = __vd_room(a);
  size_t mb = __vd_room(b);
  size_t far = __VERIFIER_nondet_ulong();
  size_t i = 0;
  if (n == 0)
    return 0;
  /* both objects must hold n bytes */
  if (n > ma)
  {
    unsigned char past = p[ma];
    (void)past;
  }
  if (n > mb)
  {
    unsigned char past = q[mb];
    (void)past;
  }
  while (i < n && i < ma && i < mb && p[i] == q[i])
  {
    i++;
    /* past 8 equal bytes of a length symbolic execution does not know: the first difference
       is some `far` where the bytes differ, or the end (summarised as __vd_strlen is) */
    if (i == 8 && __verdiff_summarise_walk(n))
    {
      size_t m = n < ma ? n : ma;
      if (mb < m)
        m = mb;
      __ESBMC_assume(i <= far && far <= m);
      if (far < m)
        __ESBMC_assume(p[far] != q[far]);
      i = far;
      break;
    }
  }
  if (i >= n || i >= ma || i >= mb)
    return 0;
  return __vd_sign_like((int)p[i] - (int)q[i]);
}

int bcmp(const void *a, const void *b, size_t n)
{
  return memcmp(a, b, n);
}

int strcasecmp(const char *a, const char *b)
{
  size_t ma = __vd_room(a);
  size_t mb = __vd_room(b);
  size_t i = 0;
  while (i < ma && i < mb && a[i] != 0
         && __vd_ascii_lower((unsigned char)a[i]) == __vd_ascii_lower((unsigned char)b[i]))
    i++;
  return __vd_ascii_lower((unsigned char)a[i]) - __vd_ascii_lower((unsigned char)b[i]);
}

int strncasecmp(const char *a, const char *b, size_t n)
{
  size_t ma = __vd_room(a);
  size_t mb = __vd_room(b);
  size_t i = 0;
  if (n == 0)
    return 0;
  while (i + 1 < n && i < ma && i < mb && a[i] != 0
         && __vd_ascii_lower((unsigned char)a[i]) == __vd_ascii_lower((unsigned char)b[i]))
    i++;
  return __vd_ascii_lower((unsigned char)a[i]) - __vd_ascii_lower((unsigned char)b[i]);
}

/* ------------------------------------------------------------------ searching */

char *strchr(const char *s, int c)
{
  char ch = (char)c;
  size_t max = __vd_room(s);
  size_t far = __VERIFIER_nondet_ulong();
  size_t i = 0;
  while (i < max && s[i] != ch && s[i] != 0)
  {
    i++;
    /* (summarised as __vd_strlen is: the first `ch` or terminator) */
    if (i == 8 && __verdiff_summarise_walk(max))
    {
      __ESBMC_assume(i <= far && far <= max);
      __ESBMC_assume(__verdiff_no_zero_written(s + i, far - i));
      if (far < max)
        __ESBMC_assume(s[far] == ch || s[far] == 0);
      i = far;
      break;
    }
  }
  if (i == max)
  {
    char past = s[i];
    (void)past;
    return 0;
  }
  if (s[i] == ch)
    return (char *)(s + i);
  return 0;
}

char *strrchr(const char *s, int c)
{
  char ch = (char)c;
  size_t max = __vd_room(s);
  size_t i = 0;
  const char *last = 0;
  while (i < max && s[i] != 0)
  {
    if (s[i] == ch)
      last = s + i;
    i++;
  }
  if (i == max)
  {
    char past = s[i];
    (void)past;
    return (char *)last;
  }
  if (ch == 0)
    return (char *)(s + i);
  return (char *)last;
}

char *strstr(const char *h, const char *nd)
{
  size_t nl = __vd_strlen(nd);
  size_t hl;
  size_t i;
  size_t j;
  if (nl == 0)
    return (char *)h;
  hl = __vd_strlen(h);
  if (hl < nl)
    return 0;
  for (i = 0; i <= hl - nl; i++)
  {
    j = 0;
    while (j < nl && h[i + j] == nd[j])
      j++;
    if (j == nl)
      return (char *)(h + i);
  }
  return 0;
}

void *memchr(const void *s, int c, size_t n)
{
  const unsigned char *p = (const unsigned char *)s;
  unsigned char ch = (unsigned char)c;
  size_t max = __vd_room(s);
  size_t far = __VERIFIER_nondet_ulong();
  size_t i = 0;
  while (i < n && i < max && p[i] != ch)
  {
    i++;
    /* (summarised as memcmp is: the first `ch`, or the end of the range or the object) */
    if (i == 8 && __verdiff_summarise_walk(n) && __verdiff_summarise_walk(max))
    {
      size_t m = n < max ? n : max;
      __ESBMC_assume(i <= far && far <= m);
      if (far < m)
        __ESBMC_assume(p[far] == ch);
      i = far;
      break;
    }
  }
  if (i < n && i == max)
  {
    unsigned char past = p[i];
    (void)past;
    return 0;
  }
  if (i < n)
    return (void *)(p + i);
  return 0;
}

size_t strspn(const char *s, const char *accept)
{
  return __vd_span(s, accept, 1);
}

size_t strcspn(const char *s, const char *reject)
{
  return __vd_span(s, reject, 0);
}

char *strpbrk(const char *s, const char *accept)
{
  size_t i = __vd_span(s, accept, 0);
  if (s[i] != 0)
    return (char *)(s + i);
  return 0;
}

/* glibc's __strtok_r, step by step (a NULL str with no saved position dereferences NULL). */
char *strtok_r(char *str, const char *delim, char **save)
{
  char *end;
  if (str == 0)
    str = *save;
  if (*str == 0)
  {
    *save = str;
    return 0;
  }
  str += __vd_span(str, delim, 1);
  if (*str == 0)
  {
    *save = str;
    return 0;
  }
  end = str + __vd_span(str, delim, 0);
  if (*end == 0)
  {
    *save = end;
    return str;
  }
  *end = 0;
  *save = end + 1;
  return str;
}

static char *__vd_strtok_state;

char *strtok(char *str, const char *delim)
{
  return strtok_r(str, delim, &__vd_strtok_state);
}

/* ------------------------------------------------------------------ strerror */

static char __vd_strerror_buf[64];

/* A static NUL-terminated message of nondeterministic content (glibc's longest is shorter
   than 64 bytes). */
char *strerror(int errnum)
{
  (void)errnum;
  __vd_havoc(__vd_strerror_buf, sizeof(__vd_strerror_buf) - 1);
  __vd_strerror_buf[sizeof(__vd_strerror_buf) - 1] = 0;
  return __vd_strerror_buf;
}

/* ------------------------------------------------------------------ <strings.h> */

void bzero(void *s, size_t n)
{
  memset(s, 0, n);
}

/* 1 + index of the least significant set bit, 0 for 0 (loop-free binary search). */
static int __vd_ffs64(unsigned long long x)
{
  int n = 1;
  if (x == 0)
    return 0;
  if ((x & 0xffffffffULL) == 0)
  {
    n += 32;
    x >>= 32;
  }
  if ((x & 0xffffULL) == 0)
  {
    n += 16;
    x >>= 16;
  }
  if ((x & 0xffULL) == 0)
  {
    n += 8;
    x >>= 8;
  }
  if ((x & 0xfULL) == 0)
  {
    n += 4;
    x >>= 4;
  }
  if ((x & 0x3ULL) == 0)
  {
    n += 2;
    x >>= 2;
  }
  if ((x & 0x1ULL) == 0)
    n += 1;
  return n;
}

int ffs(int i)
{
  return __vd_ffs64((unsigned long long)(unsigned int)i);
}

int ffsl(long i)
{
  return __vd_ffs64((unsigned long long)(unsigned long)i);
}

int ffsll(long long i)
{
  return __vd_ffs64((unsigned long long)i);
}
