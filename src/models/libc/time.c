/* verdiff C library model: <time.h> (and sleep/usleep from <unistd.h>).
 *
 * Parsed by verdiff without the C preprocessor: no directives, no macros.
 * Struct layouts are glibc's (x86-64; the same declarations give the i386 layout on ILP32).
 * The clock, the time zone and the local time are unknown: they are nondeterministic within
 * the ranges glibc documents. gmtime is computed exactly.
 */

typedef unsigned long size_t;
typedef long time_t;
typedef long clock_t;
typedef int clockid_t;

struct tm
{
  int tm_sec;
  int tm_min;
  int tm_hour;
  int tm_mday;
  int tm_mon;
  int tm_year;
  int tm_wday;
  int tm_yday;
  int tm_isdst;
  long tm_gmtoff;
  const char *tm_zone;
};

struct timespec
{
  long tv_sec;
  long tv_nsec;
};

void __ESBMC_assume(_Bool cond);
void __ESBMC_assert(_Bool cond, const char *msg);
unsigned long __ESBMC_get_object_size(const void *p);
long __ESBMC_POINTER_OFFSET(const void *p);
int __VERIFIER_nondet_int(void);
unsigned int __VERIFIER_nondet_uint(void);
long __VERIFIER_nondet_long(void);
unsigned long __VERIFIER_nondet_ulong(void);
char __VERIFIER_nondet_char(void);
_Bool __VERIFIER_nondet_bool(void);
/* Broken-down times (localtime, mktime's normalisation) and mktime/timegm results are
   functions of their arguments and the unknown time zone that verdiff does not compute: their
   values are approximations (a violation that depends on them is UNKNOWN, never a FAILED that
   no real time zone could produce). */
int __verdiff_approx_int(void);
long __verdiff_approx_long(void);
_Bool __verdiff_approx_bool(void);

void *memcpy(void *dst, const void *src, size_t n);
void *__builtin_alloca(size_t n);

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

static long __vd_nondet_nsec(void)
{
  long ns = __VERIFIER_nondet_long();
  __ESBMC_assume(ns >= 0 && ns <= 999999999L);
  return ns;
}

static int __vd_leap(long long y)
{
  return y % 4 == 0 && (y % 100 != 0 || y % 400 == 0);
}

/* Days in month mon (0..11) of year y. */
static int __vd_month_days(int mon, long long y)
{
  if (mon == 1)
    return 28 + __vd_leap(y);
  if (mon == 3 || mon == 5 || mon == 8 || mon == 10)
    return 30;
  return 31;
}

/* Days of year y before month mon (0..11). */
static int __vd_days_before(int mon, long long y)
{
  int m = mon + 1;
  int d = (367 * m - 362) / 12;
  if (m > 2)
    d = d - 2 + __vd_leap(y);
  return d;
}

/* ------------------------------------------------------------------ clocks */

/* Linux keeps time in signed 64-bit nanoseconds (ktime_t): no clock reads beyond
   KTIME_SEC_MAX = 9223372036 seconds, and the real-time clock cannot be set before 1970. */
static long __vd_clock_seconds(void)
{
  long r = __VERIFIER_nondet_long();
  __ESBMC_assume(r >= 0 && (long long)r <= 9223372036LL);
  return r;
}

/* POSIX: the time, or (time_t)-1 on error; stored in *t as well when t is not NULL. */
time_t time(time_t *t)
{
  time_t r = __VERIFIER_nondet_long();
  __ESBMC_assume(r >= -1 && (long long)r <= 9223372036LL);
  if (t != 0)
    *t = r;
  return r;
}

/* Processor time used, or (clock_t)-1 when unavailable. */
clock_t clock(void)
{
  clock_t r = __VERIFIER_nondet_long();
  __ESBMC_assume(r >= -1);
  return r;
}

/* glibc: the exact difference rounded once to double. */
double difftime(time_t t1, time_t t0)
{
  if (t1 >= t0)
    return (double)((unsigned long)t1 - (unsigned long)t0);
  return -(double)((unsigned long)t0 - (unsigned long)t1);
}

/* TIME_UTC (1) always works; glibc versions that know the C2x bases 2..4 may support them. */
int timespec_get(struct timespec *ts, int base)
{
  if (base == 1 || (base >= 2 && base <= 4 && __VERIFIER_nondet_bool()))
  {
    ts->tv_sec = __vd_clock_seconds();
    ts->tv_nsec = __vd_nondet_nsec();
    return base;
  }
  return 0;
}

/* CLOCK_REALTIME (0) and CLOCK_MONOTONIC (1) always work; other clocks may fail (EINVAL),
   leaving *tp unchanged. */
int clock_gettime(clockid_t clk, struct timespec *tp)
{
  if (clk != 0 && clk != 1 && __VERIFIER_nondet_bool())
    return -1;
  tp->tv_sec = __vd_clock_seconds();
  tp->tv_nsec = __vd_nondet_nsec();
  return 0;
}

int clock_getres(clockid_t clk, struct timespec *res)
{
  if (clk != 0 && clk != 1 && __VERIFIER_nondet_bool())
    return -1;
  if (res != 0)
  {
    res->tv_sec = __VERIFIER_nondet_long();
    __ESBMC_assume(res->tv_sec >= 0);
    res->tv_nsec = __vd_nondet_nsec();
  }
  return 0;
}

/* 0, or -1 when interrupted (*rem, when given, then holds at most the requested time);
   an invalid request fails with EINVAL. */
int nanosleep(const struct timespec *req, struct timespec *rem)
{
  long sec = req->tv_sec;
  long nsec = req->tv_nsec;
  if (sec < 0 || nsec < 0 || nsec > 999999999L)
    return -1;
  if (__VERIFIER_nondet_bool())
    return 0;
  if (rem != 0)
  {
    rem->tv_sec = __VERIFIER_nondet_long();
    __ESBMC_assume(rem->tv_sec >= 0 && rem->tv_sec <= sec);
    rem->tv_nsec = __vd_nondet_nsec();
  }
  return -1;
}

/* 0, or the seconds left when interrupted. */
unsigned int sleep(unsigned int seconds)
{
  unsigned int left;
  if (__VERIFIER_nondet_bool())
    return 0;
  left = __VERIFIER_nondet_uint();
  __ESBMC_assume(left <= seconds);
  return left;
}

int usleep(unsigned int usec)
{
  (void)usec;
  return __VERIFIER_nondet_bool() ? 0 : -1;
}

/* ------------------------------------------------------------------ broken-down time */

/* UTC breakdown of t (glibc's __offtime). NULL when the year does not fit an int.
   Civil date from the days since 1970-01-01 in eras of 400 years whose years start in March;
   only two divisions are 64-bit, the rest works inside one era with 32-bit ints. */
static struct tm *__vd_gmtime(time_t t, struct tm *r)
{
  long long tt = (long long)t;
  long long days = tt / 86400;
  long long era;
  long long y;
  long long z;
  int secs = (int)(tt - days * 86400);
  int doe;
  int yoe;
  int doy;
  int mp;
  int m;
  int yy;
  /* the first and last second of the years INT_MIN + 1900 and INT_MAX + 1900 */
  if (tt < -67768040609740800LL || tt > 67768036191676799LL)
    return 0;
  if (secs < 0)
  {
    secs += 86400;
    days -= 1;
  }
  z = days + 719468;
  era = (z >= 0 ? z : z - 146096) / 146097;
  doe = (int)(z - era * 146097);
  yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
  doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
  mp = (5 * doy + 2) / 153;
  m = mp < 10 ? mp + 3 : mp - 9;
  yy = yoe + (m <= 2);
  y = era * 400 + yy;
  r->tm_sec = secs % 60;
  r->tm_min = secs % 3600 / 60;
  r->tm_hour = secs / 3600;
  r->tm_mday = doy - (153 * mp + 2) / 5 + 1;
  r->tm_mon = m - 1;
  r->tm_year = (int)(y - 1900);
  /* 146097 days are whole weeks; 1970-01-01 was a Thursday */
  r->tm_wday = (doe + 3) % 7;
  /* yy and y agree modulo 400 */
  r->tm_yday = doy >= 306 ? doy - 306 : doy + 59 + __vd_leap(yy);
  r->tm_isdst = 0;
  r->tm_gmtoff = 0;
  r->tm_zone = "GMT";
  return r;
}

static char __vd_zone_name[16];

/* A nondeterministic valid local time: every field in its range, day of month valid for the
   month and year, tm_yday consistent with them; tm_sec may be 60 (leap second). When t is
   given, the year is within one of the year of t counted in mean Gregorian years
   (31556952 s), which holds for every UTC offset and leap-second table. */
static void __vd_tm_nondet(struct tm *r, const long long *t)
{
  long long q;
  int sec = __verdiff_approx_int();
  int min = __verdiff_approx_int();
  int hour = __verdiff_approx_int();
  int mday = __verdiff_approx_int();
  int mon = __verdiff_approx_int();
  int year = __verdiff_approx_int();
  int wday = __verdiff_approx_int();
  int isdst = __verdiff_approx_int();
  long long y;
  __ESBMC_assume(sec >= 0 && sec <= 60);
  __ESBMC_assume(min >= 0 && min <= 59);
  __ESBMC_assume(hour >= 0 && hour <= 23);
  __ESBMC_assume(mon >= 0 && mon <= 11);
  y = (long long)year + 1900;
  if (t != 0)
  {
    q = *t / 31556952;
    if (*t % 31556952 < 0)
      q -= 1;
    __ESBMC_assume(y - 1970 >= q - 1 && y - 1970 <= q + 1);
  }
  __ESBMC_assume(mday >= 1 && mday <= __vd_month_days(mon, y));
  __ESBMC_assume(wday >= 0 && wday <= 6);
  __ESBMC_assume(isdst >= 0 && isdst <= 1);
  r->tm_sec = sec;
  r->tm_min = min;
  r->tm_hour = hour;
  r->tm_mday = mday;
  r->tm_mon = mon;
  r->tm_year = year;
  r->tm_wday = wday;
  r->tm_yday = __vd_days_before(mon, y) + mday - 1;
  r->tm_isdst = isdst;
  r->tm_gmtoff = __verdiff_approx_long();
  __vd_havoc(__vd_zone_name, sizeof(__vd_zone_name) - 1);
  __vd_zone_name[sizeof(__vd_zone_name) - 1] = 0;
  r->tm_zone = __vd_zone_name;
}

/* ------------------------------------------------------------------ the time zone
 *
 * glibc's variables: before the time zone is first read (tzset, or the functions that call it)
 * they hold daylight 0, timezone 0 and tzname "GMT", "GMT". The time zone itself (TZ, the
 * zone files) is an input: after tzset, daylight is 0 or 1 (glibc computes it as "the
 * standard and daylight offsets differ"), timezone any long (a TZ string gives at most
 * 24:59:59, a zone file any 32-bit offset), tzname[0] and tzname[1] nondeterministic
 * terminated strings (static 16-byte buffers: longer zone names are not modelled).
 */

int daylight;
long timezone;
char *tzname[2] = { "GMT", "GMT" };
static char __vd_tzname_std[16];
static char __vd_tzname_dst[16];

void tzset(void)
{
  int d = __VERIFIER_nondet_int();
  __ESBMC_assume(d == 0 || d == 1);
  daylight = d;
  timezone = __VERIFIER_nondet_long();
  __vd_havoc(__vd_tzname_std, sizeof(__vd_tzname_std) - 1);
  __vd_tzname_std[sizeof(__vd_tzname_std) - 1] = 0;
  __vd_havoc(__vd_tzname_dst, sizeof(__vd_tzname_dst) - 1);
  __vd_tzname_dst[sizeof(__vd_tzname_dst) - 1] = 0;
  tzname[0] = __vd_tzname_std;
  tzname[1] = __vd_tzname_dst;
}

/* localtime, localtime_r (the first time), ctime and strftime (%Z) call tzset */
static void __vd_tz_maybe(void)
{
  if (__VERIFIER_nondet_bool())
    tzset();
}

/* glibc fails (EOVERFLOW) only when the year does not fit an int: possible only for |t|
   beyond about 6.7e16 (never with a 32-bit time_t). */
static struct tm *__vd_localtime(const time_t *t, struct tm *r)
{
  long long tt = (long long)*t;
  __vd_tz_maybe();
  if ((tt > 67768036191000000LL || tt < -67768040609000000LL) && __verdiff_approx_bool())
    return 0;
  __vd_tm_nondet(r, &tt);
  return r;
}

static struct tm __vd_tm_static;

struct tm *gmtime(const time_t *t)
{
  return __vd_gmtime(*t, &__vd_tm_static);
}

struct tm *gmtime_r(const time_t *t, struct tm *r)
{
  return __vd_gmtime(*t, r);
}

struct tm *localtime(const time_t *t)
{
  return __vd_localtime(t, &__vd_tm_static);
}

struct tm *localtime_r(const time_t *t, struct tm *r)
{
  return __vd_localtime(t, r);
}

/* Normalises *tm (all fields nondeterministic in range) and returns a nondeterministic time,
   or fails with -1 leaving *tm unchanged. */
time_t mktime(struct tm *tm)
{
  int isdst = tm->tm_isdst;
  (void)isdst;
  tzset();
  if (__verdiff_approx_bool())
    return -1;
  __vd_tm_nondet(tm, 0);
  return __verdiff_approx_long();
}

time_t timegm(struct tm *tm)
{
  int isdst = tm->tm_isdst;
  (void)isdst;
  if (__verdiff_approx_bool())
    return -1;
  __vd_tm_nondet(tm, 0);
  tm->tm_isdst = 0;
  tm->tm_gmtoff = 0;
  tm->tm_zone = "GMT";
  return __verdiff_approx_long();
}

/* ------------------------------------------------------------------ asctime, ctime */

/* Decimal digits of |v|. */
static int __vd_ndigits(long long v)
{
  unsigned long long u = v < 0 ? 0ull - (unsigned long long)v : (unsigned long long)v;
  return 1 + (u >= 10ull) + (u >= 100ull) + (u >= 1000ull) + (u >= 10000ull) + (u >= 100000ull)
         + (u >= 1000000ull) + (u >= 10000000ull) + (u >= 100000000ull) + (u >= 1000000000ull)
         + (u >= 10000000000ull) + (u >= 100000000000ull);
}

/* Width of printf "%.{prec}d" or "%{width}d" of v. */
static int __vd_width(long long v, int min_digits, int min_width)
{
  int w = __vd_ndigits(v);
  if (w < min_digits)
    w = min_digits;
  if (v < 0)
    w += 1;
  if (w < min_width)
    w = min_width;
  return w;
}

/* Length (without the terminator) of glibc's
   "%.3s %.3s%3d %.2d:%.2d:%.2d %d\n" for *tm (25 for a 4-digit year and fields in range). */
static int __vd_asctime_len(const struct tm *tm)
{
  return 3 + 1 + 3 + __vd_width(tm->tm_mday, 1, 3) + 1 + __vd_width(tm->tm_hour, 2, 0) + 1
         + __vd_width(tm->tm_min, 2, 0) + 1 + __vd_width(tm->tm_sec, 2, 0) + 1
         + __vd_width((long long)tm->tm_year + 1900, 1, 0) + 1;
}

/* buf[i] for i < n: nondeterministic printable characters (cap: a bound on n). */
static void __vd_fill_printable(char *buf, int n, int cap)
{
  int i;
  char c;
  for (i = 0; i < cap; i++)
  {
    if (i < n)
    {
      c = __VERIFIER_nondet_char();
      __ESBMC_assume(c >= 32 && c <= 126);
      buf[i] = c;
    }
  }
}

/* glibc's static buffer: 3+1+3+1+20+1+20+1+20+1+20+1+20+1+1 bytes. */
static char __vd_asctime_buf[114];

char *asctime(const struct tm *tm)
{
  int n;
  if (tm->tm_year > 2147483647 - 1900)
    return 0;
  n = __vd_asctime_len(tm);
  /* the bytes past the terminator of the static buffer are junk anyway: filling all of them
     keeps the addresses of the nondeterministic writes constant */
  __vd_fill_printable(__vd_asctime_buf, 80, 80);
  __vd_asctime_buf[n - 1] = '\n';
  __vd_asctime_buf[n] = 0;
  return __vd_asctime_buf;
}

/* glibc formats into 26 bytes: a longer result is cut (25 characters and a terminator are
   written) and NULL is returned (EOVERFLOW). */
char *asctime_r(const struct tm *tm, char *buf)
{
  int n;
  if (tm->tm_year > 2147483647 - 1900)
    return 0;
  n = __vd_asctime_len(tm);
  if (n > 25)
  {
    __vd_fill_printable(buf, 25, 25);
    buf[25] = 0;
    return 0;
  }
  __vd_fill_printable(buf, n - 1, 25);
  buf[n - 1] = '\n';
  buf[n] = 0;
  return buf;
}

char *ctime(const time_t *t)
{
  struct tm *tm = __vd_localtime(t, &__vd_tm_static);
  if (tm == 0)
    return 0;
  return asctime(tm);
}

char *ctime_r(const time_t *t, char *buf)
{
  struct tm local;
  if (__vd_localtime(t, &local) == 0)
    return 0;
  return asctime_r(&local, buf);
}

/* ------------------------------------------------------------------ strftime */

/* A lower bound on the length of the output: ordinary characters, %%, %n and %t. Reads the
   whole format. */
static size_t __vd_strftime_min(const char *f)
{
  size_t max = __vd_room(f);
  size_t i = 0;
  size_t n = 0;
  char c;
  while (i < max && f[i] != 0)
  {
    if (f[i] != '%')
    {
      n++;
      i++;
      continue;
    }
    i++;
    /* GNU flags, field width, E and O modifiers */
    while (i < max && (f[i] == '_' || f[i] == '-' || f[i] == '^' || f[i] == '#'
                       || (f[i] >= '0' && f[i] <= '9') || f[i] == 'E' || f[i] == 'O'))
      i++;
    if (i < max && f[i] != 0)
    {
      c = f[i];
      if (c == '%' || c == 'n' || c == 't')
        n++;
      i++;
    }
  }
  if (i == max)
  {
    char past = f[i];
    (void)past;
  }
  return n;
}

/* 0 (output does not fit, or is empty), or the length n < max of the output; then s[n] == 0
   and s[0..n) are nondeterministic. */
size_t strftime(char *s, size_t max, const char *format, const struct tm *tm)
{
  size_t least = __vd_strftime_min(format);
  int hour = tm->tm_hour;
  size_t n;
  (void)hour;
  __vd_tz_maybe();
  if (max == 0)
    return 0;
  n = __VERIFIER_nondet_ulong();
  if (n == 0 || least >= max)
  {
    s[0] = 0;
    return 0;
  }
  __ESBMC_assume(n >= least && n < max);
  __vd_havoc(s, n);
  s[n] = 0;
  return n;
}

/* ------------------------------------------------------------------ getdate
 *
 * glibc reads the templates from the file named by DATEMSK and matches the string against
 * them: either NULL with getdate_err set to one of the documented codes 1..8, or a pointer to
 * a static struct tm normalised by mktime (every field in its range). Which one, and the
 * fields, depend on the environment and the string: approximated.
 */

int getdate_err;
static struct tm __vd_getdate_tm;

struct tm *getdate(const char *string)
{
  int err;
  __vd_strlen(string);
  if (__verdiff_approx_bool())
  {
    err = __verdiff_approx_int();
    __ESBMC_assume(err >= 1 && err <= 8);
    getdate_err = err;
    return 0;
  }
  tzset();
  __vd_tm_nondet(&__vd_getdate_tm, 0);
  return &__vd_getdate_tm;
}

/* ------------------------------------------------------------------ POSIX timers
 *
 * timer_create: 0 with a timer id stored in *timerid, or -1 (EAGAIN, EINVAL for an unknown
 * clock, ENOTSUP) with *timerid unchanged. The sigevent is read when given. timer_delete: 0,
 * or -1 (EINVAL: not a valid timer). Timers are not tracked, so neither is whether an id is
 * valid; expirations (signals, threads) are not modelled.
 */

typedef void *timer_t;

/* glibc's struct sigevent is 64 bytes (__SIGEV_MAX_SIZE) */
struct sigevent
{
  char __bytes[64];
};

int timer_create(clockid_t clk, struct sigevent *sevp, timer_t *timerid)
{
  (void)clk;
  if (sevp != 0)
    memcpy(__builtin_alloca(sizeof(struct sigevent)), sevp, sizeof(struct sigevent));
  if (__VERIFIER_nondet_bool())
    return -1;
  *timerid = (timer_t)__VERIFIER_nondet_long();
  return 0;
}

int timer_delete(timer_t timerid)
{
  (void)timerid;
  return __VERIFIER_nondet_bool() ? 0 : -1;
}
