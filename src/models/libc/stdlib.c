/* verdiff C library model: <stdlib.h> (and errno's __errno_location).
 *
 * Parsed by verdiff without the C preprocessor: no directives, no macros.
 * malloc, calloc, realloc and free are built into verdiff and not defined here.
 */

typedef unsigned long size_t;

void __ESBMC_assume(_Bool cond);
void __ESBMC_assert(_Bool cond, const char *msg);
unsigned long __ESBMC_get_object_size(const void *p);
long __ESBMC_POINTER_OFFSET(const void *p);
int __VERIFIER_nondet_int(void);
unsigned long __VERIFIER_nondet_ulong(void);
long __VERIFIER_nondet_long(void);
_Bool __VERIFIER_nondet_bool(void);
double __VERIFIER_nondet_double(void);
/* values determined by the input that the models do not compute (see models/mod.rs) */
double __verdiff_approx_double(void);
float __verdiff_approx_float(void);
unsigned long __verdiff_approx_ulong(void);
/* the address of p is a multiple of align (for allocators with stronger alignment) */
void __verdiff_assume_aligned(const void *p, unsigned long align);
float __VERIFIER_nondet_float(void);

void *malloc(size_t n);
void free(void *p);
void *memcpy(void *dst, const void *src, size_t n);
void *__builtin_alloca(size_t n);

typedef struct
{
  int quot;
  int rem;
} div_t;

typedef struct
{
  long quot;
  long rem;
} ldiv_t;

typedef struct
{
  long long quot;
  long long rem;
} lldiv_t;

/* ------------------------------------------------------------------ errno */

static int __vd_errno;

int *__errno_location(void)
{
  return &__vd_errno;
}

/* ------------------------------------------------------------------ atexit, exit */

/* Handlers registered with atexit run in reverse order when exit() is called or main returns
 * (verdiff's engine calls __vd_atexit_run after the entry function main when atexit is
 * reachable). As in ESBMC, exit() checks for leaked memory only when a handler was registered,
 * and then ends the path; _Exit, quick_exit and abort end it at once. */

void __ESBMC_memory_leak_checks(void);
void _Exit(int status);

static void (*__vd_atexit_fn[32])(void);
static int __vd_atexit_n;

int atexit(void (*f)(void))
{
  if (__vd_atexit_n >= 32)
    return -1;
  __vd_atexit_fn[__vd_atexit_n] = f;
  __vd_atexit_n = __vd_atexit_n + 1;
  return 0;
}

void __vd_atexit_run(void)
{
  while (__vd_atexit_n > 0)
  {
    __vd_atexit_n = __vd_atexit_n - 1;
    void (*f)(void) = __vd_atexit_fn[__vd_atexit_n];
    f();
  }
}

void exit(int status)
{
  int registered = __vd_atexit_n > 0;
  __vd_atexit_run();
  if (registered)
    __ESBMC_memory_leak_checks();
  _Exit(status);
}

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

/* ------------------------------------------------------------------ abs, div */

int abs(int x)
{
  __ESBMC_assert(x != -2147483647 - 1, "abs: result not representable (argument is INT_MIN)");
  return x < 0 ? (int)(0u - (unsigned int)x) : x;
}

long labs(long x)
{
  long min = (long)(((unsigned long)-1 >> 1) + 1);
  __ESBMC_assert(x != min, "labs: result not representable (argument is LONG_MIN)");
  return x < 0 ? (long)(0ul - (unsigned long)x) : x;
}

long long llabs(long long x)
{
  long long min = (long long)(((unsigned long long)-1 >> 1) + 1);
  __ESBMC_assert(x != min, "llabs: result not representable (argument is LLONG_MIN)");
  return x < 0 ? (long long)(0ull - (unsigned long long)x) : x;
}

div_t div(int n, int d)
{
  div_t r;
  __ESBMC_assert(d != 0, "div: division by zero");
  __ESBMC_assert(!(n == -2147483647 - 1 && d == -1), "div: quotient not representable");
  if (d == 0 || (n == -2147483647 - 1 && d == -1))
  {
    r.quot = __VERIFIER_nondet_int();
    r.rem = __VERIFIER_nondet_int();
    return r;
  }
  r.quot = n / d;
  r.rem = n % d;
  return r;
}

ldiv_t ldiv(long n, long d)
{
  ldiv_t r;
  long min = (long)(((unsigned long)-1 >> 1) + 1);
  __ESBMC_assert(d != 0, "ldiv: division by zero");
  __ESBMC_assert(!(n == min && d == -1), "ldiv: quotient not representable");
  if (d == 0 || (n == min && d == -1))
  {
    r.quot = __VERIFIER_nondet_long();
    r.rem = __VERIFIER_nondet_long();
    return r;
  }
  r.quot = n / d;
  r.rem = n % d;
  return r;
}

lldiv_t lldiv(long long n, long long d)
{
  lldiv_t r;
  long long min = (long long)(((unsigned long long)-1 >> 1) + 1);
  __ESBMC_assert(d != 0, "lldiv: division by zero");
  __ESBMC_assert(!(n == min && d == -1), "lldiv: quotient not representable");
  if (d == 0 || (n == min && d == -1))
  {
    r.quot = (long long)__VERIFIER_nondet_long();
    r.rem = (long long)__VERIFIER_nondet_long();
    return r;
  }
  r.quot = n / d;
  r.rem = n % d;
  return r;
}

/* ------------------------------------------------------------------ string to integer */

static int __vd_isspace(int c)
{
  return c == ' ' || (c >= '\t' && c <= '\r');
}

/* Digit value of c in bases up to 36, 36 when c is no digit. */
static int __vd_digit(int c)
{
  if (c >= '0' && c <= '9')
    return c - '0';
  if (c >= 'a' && c <= 'z')
    return c - 'a' + 10;
  if (c >= 'A' && c <= 'Z')
    return c - 'A' + 10;
  return 36;
}

/* glibc's ____strtol_l_internal / ____strtoul_l_internal (without the C2x "0b" prefix and
   without locale grouping). limit_pos / limit_neg: largest magnitude accepted for a positive /
   negative number. The value is the magnitude; *neg says whether '-' was seen and *ovf whether
   the magnitude exceeded its limit (the result is then clamped by the caller, errno ERANGE).
   Returns 0 and leaves *endptr untouched for an invalid base (errno EINVAL). */
static unsigned long long __vd_strto(const char *nptr, char **endptr, int base,
                                     unsigned long long limit_pos, unsigned long long limit_neg,
                                     int *neg, int *ovf)
{
  size_t max;
  size_t i = 0;
  size_t start;
  unsigned long long acc = 0;
  unsigned long long limit;
  unsigned long long cutoff;
  unsigned long long cutlim;
  int d;

  *neg = 0;
  *ovf = 0;
  if (base < 0 || base == 1 || base > 36)
  {
    __vd_errno = 22;
    return 0;
  }
  max = __vd_room(nptr);
  while (i < max && __vd_isspace((unsigned char)nptr[i]))
    i++;
  if (i == max)
  {
    char past = nptr[i];
    (void)past;
    if (endptr != 0)
      *endptr = (char *)nptr;
    return 0;
  }
  if (nptr[i] == '-')
  {
    *neg = 1;
    i++;
  }
  else if (nptr[i] == '+')
    i++;

  if (nptr[i] == '0')
  {
    if ((base == 0 || base == 16) && (nptr[i + 1] == 'x' || nptr[i + 1] == 'X'))
    {
      i += 2;
      base = 16;
    }
    else if (base == 0)
      base = 8;
  }
  else if (base == 0)
    base = 10;

  limit = *neg ? limit_neg : limit_pos;
  cutoff = limit / (unsigned long long)base;
  cutlim = limit % (unsigned long long)base;
  start = i;
  while (i < max)
  {
    d = __vd_digit((unsigned char)nptr[i]);
    if (d >= base)
      break;
    if (!*ovf)
    {
      if (acc > cutoff || (acc == cutoff && (unsigned long long)d > cutlim))
        *ovf = 1;
      else
        acc = acc * (unsigned long long)base + (unsigned long long)d;
    }
    i++;
  }
  if (i == max)
  {
    char past = nptr[i];
    (void)past;
  }
  if (i == start)
  {
    /* no digits: "0x" followed by no hex digit converts the 0 and ends at the x */
    if (endptr != 0)
    {
      if (i >= 2 && (nptr[i - 1] == 'x' || nptr[i - 1] == 'X') && nptr[i - 2] == '0')
        *endptr = (char *)(nptr + i - 1);
      else
        *endptr = (char *)nptr;
    }
    *neg = 0;
    *ovf = 0;
    return 0;
  }
  if (endptr != 0)
    *endptr = (char *)(nptr + i);
  if (*ovf)
    __vd_errno = 34;
  return acc;
}

long strtol(const char *nptr, char **endptr, int base)
{
  int neg;
  int ovf;
  unsigned long lmax = (unsigned long)-1 >> 1;
  unsigned long long m = __vd_strto(nptr, endptr, base, lmax, (unsigned long long)lmax + 1, &neg, &ovf);
  if (ovf)
    return neg ? (long)(lmax + 1) : (long)lmax;
  return neg ? (long)(0ul - (unsigned long)m) : (long)m;
}

unsigned long strtoul(const char *nptr, char **endptr, int base)
{
  int neg;
  int ovf;
  unsigned long umax = (unsigned long)-1;
  unsigned long long m = __vd_strto(nptr, endptr, base, umax, umax, &neg, &ovf);
  if (ovf)
    return umax;
  return neg ? 0ul - (unsigned long)m : (unsigned long)m;
}

long long strtoll(const char *nptr, char **endptr, int base)
{
  int neg;
  int ovf;
  unsigned long long lmax = (unsigned long long)-1 >> 1;
  unsigned long long m = __vd_strto(nptr, endptr, base, lmax, lmax + 1, &neg, &ovf);
  if (ovf)
    return neg ? (long long)(lmax + 1) : (long long)lmax;
  return neg ? (long long)(0ull - m) : (long long)m;
}

unsigned long long strtoull(const char *nptr, char **endptr, int base)
{
  int neg;
  int ovf;
  unsigned long long umax = (unsigned long long)-1;
  unsigned long long m = __vd_strto(nptr, endptr, base, umax, umax, &neg, &ovf);
  if (ovf)
    return umax;
  return neg ? 0ull - m : m;
}

/* glibc: atoi(s) == (int)strtol(s, NULL, 10), atol likewise, atoll via strtoll. */
int atoi(const char *s)
{
  return (int)strtol(s, (char **)0, 10);
}

long atol(const char *s)
{
  return strtol(s, (char **)0, 10);
}

long long atoll(const char *s)
{
  return strtoll(s, (char **)0, 10);
}

/* ------------------------------------------------------------------ string to floating */

/* Whether the number ends after k bytes of nptr (k == 0: no conversion) is nondeterministic;
   so is the value, except that no conversion gives 0. The whole string is read first. */
static size_t __vd_strtod_end(const char *nptr, char **endptr)
{
  size_t len = __vd_strlen(nptr);
  size_t k = __verdiff_approx_ulong();
  __ESBMC_assume(k <= len);
  if (endptr != 0)
    *endptr = (char *)(nptr + k);
  return k;
}

double strtod(const char *nptr, char **endptr)
{
  if (__vd_strtod_end(nptr, endptr) == 0)
    return 0.0;
  return __verdiff_approx_double();
}

float strtof(const char *nptr, char **endptr)
{
  if (__vd_strtod_end(nptr, endptr) == 0)
    return 0.0f;
  return __verdiff_approx_float();
}

double atof(const char *s)
{
  return strtod(s, (char **)0);
}

/* ------------------------------------------------------------------ random numbers */

int rand(void)
{
  int r = __VERIFIER_nondet_int();
  __ESBMC_assume(r >= 0 && r <= 2147483647);
  return r;
}

void srand(unsigned int seed)
{
  (void)seed;
}

long random(void)
{
  long r = __VERIFIER_nondet_long();
  __ESBMC_assume(r >= 0 && r <= 2147483647L);
  return r;
}

void srandom(unsigned int seed)
{
  (void)seed;
}

/* ------------------------------------------------------------------ environment */

/* NULL, or a fresh NUL-terminated string of nondeterministic content and length. */
char *getenv(const char *name)
{
  size_t size;
  char *p;
  __vd_strlen(name);
  if (name[0] == 0)
    return 0;
  if (__VERIFIER_nondet_bool())
    return 0;
  size = __VERIFIER_nondet_ulong();
  __ESBMC_assume(size >= 1);
  p = malloc(size);
  if (p == 0)
    return 0;
  p[size - 1] = 0;
  return p;
}

/* ------------------------------------------------------------------ searching and sorting */

/* glibc's inline bsearch: the same probes in the same order. */
void *bsearch(const void *key, const void *base, size_t nmemb, size_t size,
              int (*compar)(const void *, const void *))
{
  size_t l = 0;
  size_t u = nmemb;
  size_t idx;
  const void *p;
  int c;
  while (l < u)
  {
    idx = (l + u) / 2;
    p = (const void *)((const char *)base + idx * size);
    c = (*compar)(key, p);
    if (c < 0)
      u = idx;
    else if (c > 0)
      l = idx + 1;
    else
      return (void *)p;
  }
  return 0;
}

/* Insertion sort with the user's comparator (stable; glibc's own order for equal elements
   may differ). */
void qsort(void *base, size_t nmemb, size_t size, int (*compar)(const void *, const void *))
{
  char *b = (char *)base;
  char *tmp;
  size_t i;
  size_t j;
  if (nmemb < 2 || size == 0)
    return;
  tmp = (char *)__builtin_alloca(size);
  for (i = 1; i < nmemb; i++)
  {
    j = i;
    while (j > 0 && (*compar)(b + (j - 1) * size, b + j * size) > 0)
    {
      memcpy(tmp, b + (j - 1) * size, size);
      memcpy(b + (j - 1) * size, b + j * size, size);
      memcpy(b + j * size, tmp, size);
      j--;
    }
  }
}

/* ------------------------------------------------------------------ aligned allocation */

static int __vd_pow2(size_t a)
{
  return a != 0 && (a & (a - 1)) == 0;
}

/* glibc >= 2.38 rejects an alignment that is no power of two (EINVAL); older versions
   round it up: either may happen. */
void *aligned_alloc(size_t alignment, size_t size)
{
  void *p;
  /* C11 7.22.3.1: the alignment must be supported and the size a multiple of it */
  if (!__vd_pow2(alignment) || size % alignment != 0)
  {
    __vd_errno = 22;
    return 0;
  }
  p = malloc(size);
  if (p != 0)
    __verdiff_assume_aligned(p, alignment);
  return p;
}

int posix_memalign(void **memptr, size_t alignment, size_t size)
{
  void *p;
  if (!__vd_pow2(alignment) || alignment % sizeof(void *) != 0)
    return 22;
  p = malloc(size);
  if (p == 0)
    return 12;
  *memptr = p;
  return 0;
}
