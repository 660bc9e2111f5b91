/* verdiff C library model: <math.h> functions verdiff does not implement natively.
 *
 * Parsed by verdiff without the C preprocessor: no directives, no macros.
 * sqrt, fabs, floor, ceil, trunc, round, fmin, fmax, fma, copysign, isnan, isinf, signbit and
 * nan are native to verdiff; this file uses them through their __builtin_ names.
 *
 * Exact where the result is an exact operation (frexp, ldexp, modf, fmod and remainder of
 * integral values, the special cases of C11 Annex F). Otherwise the result is
 * nondeterministic, constrained only by facts that hold for every argument with glibc: the
 * Annex F special cases (NaN, infinities, zeros, pow(x, 0) == 1, log(1) == 0, ...), the range of
 * the function (bounds rounded outwards), and signs.
 */

typedef unsigned long size_t;

void __ESBMC_assume(_Bool cond);
double __verdiff_approx_double(void);
double __verdiff_approx_fn_double(double x);
double __verdiff_approx_fn2_double(double x, double y);
void *memcpy(void *dst, const void *src, size_t n);

/* ------------------------------------------------------------------ helpers */

/* Doubles just above pi and pi/2 (every faithfully rounded result lies within them), and the
   doubles nearest to pi and pi/2. */
static const double __vd_pi_up = 3.1415926535897936;
static const double __vd_pi_2_up = 1.5707963267948968;
static const double __vd_pi = 3.141592653589793;
static const double __vd_pi_2 = 1.5707963267948966;

static int __vd_isnan(double x)
{
  return x != x;
}

static int __vd_isinf(double x)
{
  return x == __builtin_inf() || x == -__builtin_inf();
}

static int __vd_neg(double x)
{
  return __builtin_signbit(x) != 0;
}

static double __vd_nan(void)
{
  return __builtin_nan("");
}

/* Integral (finite) value? */
static int __vd_integral(double x)
{
  return !__vd_isinf(x) && __builtin_trunc(x) == x;
}

/* A double that is not NaN and that verdiff does not compute: the same for equal arguments of
   the same library function (an uninterpreted function of them), so that equal calls agree. */
static double __vd_any1(double x)
{
  double r = __verdiff_approx_fn_double(x);
  __ESBMC_assume(r == r);
  return r;
}

static double __vd_any2(double x, double y)
{
  double r = __verdiff_approx_fn2_double(x, y);
  __ESBMC_assume(r == r);
  return r;
}

/* 2^k for -1022 <= k <= 1023. */
static double __vd_pow2(int k)
{
  unsigned long long b = (unsigned long long)(k + 1023) << 52;
  double d;
  memcpy(&d, &b, sizeof(d));
  return d;
}

/* r with the sign of x (r not NaN; r may be zero or infinite). */
static void __vd_assume_sign_of(double r, double x)
{
  __ESBMC_assume(__vd_neg(r) == __vd_neg(x));
}

/* ------------------------------------------------------------------ remainders */

/* C11 F.10.7.1: x - n*y for n = trunc(x/y), exact; |r| < |y|, sign of x. */
double fmod(double x, double y)
{
  double ax;
  double ay;
  double r;
  long long q;
  if (__vd_isnan(x) || __vd_isnan(y) || __vd_isinf(x) || y == 0)
    return __vd_nan();
  if (__vd_isinf(y) || x == 0)
    return x;
  ax = __builtin_fabs(x);
  ay = __builtin_fabs(y);
  if (ax < ay)
    return x;
  if (ax < 9.2e18 && __vd_integral(x) && __vd_integral(y))
  {
    q = (long long)x % (long long)y;
    return __builtin_copysign((double)q, x);
  }
  r = __vd_any2(x, y);
  __ESBMC_assume(__builtin_fabs(r) < ay && __builtin_fabs(r) <= ax);
  __vd_assume_sign_of(r, x);
  return r;
}

/* C11 F.10.7.2 / IEEE remainder: x - n*y for n the integer nearest x/y (ties to even), exact;
   |r| <= |y|/2; a zero result has the sign of x. */
double remainder(double x, double y)
{
  double ax;
  double ay;
  double r;
  long long xi;
  long long yi;
  long long q;
  long long m;
  long long ri;
  unsigned long long am;
  unsigned long long ayi;
  if (__vd_isnan(x) || __vd_isnan(y) || __vd_isinf(x) || y == 0)
    return __vd_nan();
  if (__vd_isinf(y) || x == 0)
    return x;
  ax = __builtin_fabs(x);
  ay = __builtin_fabs(y);
  if (ax + ax <= ay)
    return x;
  if (ax < 9.2e18 && ay < 9.2e18 && __vd_integral(x) && __vd_integral(y))
  {
    xi = (long long)x;
    yi = (long long)y;
    q = xi / yi;
    m = xi % yi;
    am = m < 0 ? 0ull - (unsigned long long)m : (unsigned long long)m;
    ayi = yi < 0 ? 0ull - (unsigned long long)yi : (unsigned long long)yi;
    if (2 * am < ayi || (2 * am == ayi && q % 2 == 0))
      ri = m;
    else
      ri = m > 0 ? m - (long long)ayi : m + (long long)ayi;
    if (ri == 0)
      return __builtin_copysign(0.0, x);
    return (double)ri;
  }
  /* IEEE gives a zero result the sign of x, but glibc's x86-64 remainder does not always
     (e.g. remainder(-0x1.d2d36bba0ab26p-877, 0x1p-1022) == +0): the sign stays free */
  r = __vd_any2(x, y);
  __ESBMC_assume(__builtin_fabs(r) + __builtin_fabs(r) <= ay);
  return r;
}

/* ------------------------------------------------------------------ decomposition */

/* x == m * 2^e with 0.5 <= |m| < 1; zeros, infinities and NaN are returned with *e == 0. */
double frexp(double x, int *e)
{
  unsigned long long b;
  int ex;
  if (x == 0 || __vd_isnan(x) || __vd_isinf(x))
  {
    *e = 0;
    return x;
  }
  memcpy(&b, &x, sizeof(b));
  ex = (int)((b >> 52) & 0x7ff);
  if (ex == 0)
  {
    /* subnormal: scale by 2^54 first */
    x = x * 18014398509481984.0;
    memcpy(&b, &x, sizeof(b));
    ex = (int)((b >> 52) & 0x7ff) - 54;
  }
  *e = ex - 1022;
  b = (b & 0x800fffffffffffffull) | 0x3fe0000000000000ull;
  memcpy(&x, &b, sizeof(x));
  return x;
}

/* x * 2^n, rounded once. */
double ldexp(double x, int n)
{
  if (x == 0 || __vd_isnan(x) || __vd_isinf(x))
    return x;
  if (n > 1023)
  {
    x = x * __vd_pow2(1023);
    n -= 1023;
    if (n > 1023)
    {
      x = x * __vd_pow2(1023);
      n -= 1023;
      if (n > 1023)
        n = 1023;
    }
  }
  else if (n < -1022)
  {
    /* steps of 2^-969 keep the last multiplication the only inexact one */
    x = x * __vd_pow2(-969);
    n += 969;
    if (n < -1022)
    {
      x = x * __vd_pow2(-969);
      n += 969;
      if (n < -1022)
        n = -1022;
    }
  }
  return x * __vd_pow2(n);
}

double scalbn(double x, int n)
{
  return ldexp(x, n);
}

/* Fractional part (sign of x) returned, integral part trunc(x) stored. */
double modf(double x, double *ip)
{
  double t;
  if (__vd_isnan(x))
  {
    *ip = x;
    return x;
  }
  if (__vd_isinf(x))
  {
    *ip = x;
    return __builtin_copysign(0.0, x);
  }
  t = __builtin_trunc(x);
  *ip = t;
  return __builtin_copysign(x - t, x);
}

/* ------------------------------------------------------------------ trigonometric */

double sin(double x)
{
  double r;
  if (__vd_isnan(x) || __vd_isinf(x))
    return __vd_nan();
  if (x == 0)
    return x;
  r = __vd_any1(x);
  __ESBMC_assume(r >= -1.0 && r <= 1.0);
  return r;
}

double cos(double x)
{
  double r;
  if (__vd_isnan(x) || __vd_isinf(x))
    return __vd_nan();
  if (x == 0)
    return 1.0;
  r = __vd_any1(x);
  __ESBMC_assume(r >= -1.0 && r <= 1.0);
  return r;
}

/* No double is a pole of tan: the result is finite. */
double tan(double x)
{
  double r;
  if (__vd_isnan(x) || __vd_isinf(x))
    return __vd_nan();
  if (x == 0)
    return x;
  r = __vd_any1(x);
  __ESBMC_assume(!__vd_isinf(r));
  return r;
}

double asin(double x)
{
  double r;
  if (__vd_isnan(x) || x > 1.0 || x < -1.0)
    return __vd_nan();
  if (x == 0)
    return x;
  r = __vd_any1(x);
  __ESBMC_assume(r >= -__vd_pi_2_up && r <= __vd_pi_2_up);
  __vd_assume_sign_of(r, x);
  return r;
}

double acos(double x)
{
  double r;
  if (__vd_isnan(x) || x > 1.0 || x < -1.0)
    return __vd_nan();
  if (x == 1.0)
    return 0.0;
  r = __vd_any1(x);
  __ESBMC_assume(r >= 0 && !__vd_neg(r) && r <= __vd_pi_up);
  return r;
}

double atan(double x)
{
  double r;
  if (__vd_isnan(x))
    return x;
  if (x == 0)
    return x;
  if (__vd_isinf(x))
    return __builtin_copysign(__vd_pi_2, x);
  r = __vd_any1(x);
  __ESBMC_assume(r >= -__vd_pi_2_up && r <= __vd_pi_2_up);
  __vd_assume_sign_of(r, x);
  return r;
}

/* C11 F.10.1.4: the result has the sign of y; the zero-y and infinite-x cases are exact. */
double atan2(double y, double x)
{
  double r;
  if (__vd_isnan(x) || __vd_isnan(y))
    return __vd_nan();
  if (y == 0)
  {
    if (x > 0 || (x == 0 && !__vd_neg(x)))
      return y;
    return __builtin_copysign(__vd_pi, y);
  }
  if (x == __builtin_inf() && !__vd_isinf(y))
    return __builtin_copysign(0.0, y);
  r = __vd_any2(y, x);
  __ESBMC_assume(r >= -__vd_pi_up && r <= __vd_pi_up);
  __vd_assume_sign_of(r, y);
  return r;
}

/* ------------------------------------------------------------------ hyperbolic */

double sinh(double x)
{
  double r;
  if (__vd_isnan(x) || x == 0 || __vd_isinf(x))
    return x;
  r = __vd_any1(x);
  __vd_assume_sign_of(r, x);
  return r;
}

double cosh(double x)
{
  double r;
  if (__vd_isnan(x))
    return x;
  if (x == 0)
    return 1.0;
  if (__vd_isinf(x))
    return __builtin_inf();
  r = __vd_any1(x);
  __ESBMC_assume(r >= 1.0);
  return r;
}

double tanh(double x)
{
  double r;
  if (__vd_isnan(x) || x == 0)
    return x;
  if (__vd_isinf(x))
    return __builtin_copysign(1.0, x);
  r = __vd_any1(x);
  __ESBMC_assume(r >= -1.0 && r <= 1.0);
  __vd_assume_sign_of(r, x);
  return r;
}

/* ------------------------------------------------------------------ exponential and logarithmic */

double exp(double x)
{
  double r;
  if (__vd_isnan(x))
    return x;
  if (x == 0)
    return 1.0;
  if (x == -__builtin_inf())
    return 0.0;
  if (x == __builtin_inf())
    return x;
  r = __vd_any1(x);
  __ESBMC_assume(r >= 0 && !__vd_neg(r));
  /* exp is increasing: the result lies between exp of the nearest of these points, each bound
     rounded outwards far beyond glibc's error (below one ulp); no overflow below
     ln(DBL_MAX) = 709.7827..., no underflow to 0 above -745.13... */
  __ESBMC_assume(x > 0 || r <= 1.0);
  __ESBMC_assume(x < 0 || r >= 1.0);
  __ESBMC_assume(x > 1 || r <= 2.71828182846);
  __ESBMC_assume(x < -1 || r >= 0.367879441171);
  __ESBMC_assume(x > 10 || r <= 22026.4658);
  __ESBMC_assume(x < -10 || r >= 4.5399e-5);
  __ESBMC_assume(x >= 709.78 || r < __builtin_inf());
  __ESBMC_assume(x <= -745.0 || r > 0);
  return r;
}

/* Integral arguments give exact powers of two. */
double exp2(double x)
{
  double r;
  int k;
  if (__vd_isnan(x))
    return x;
  if (x == 0)
    return 1.0;
  if (x == -__builtin_inf())
    return 0.0;
  if (x == __builtin_inf())
    return x;
  if (__vd_integral(x) && x >= -1074.0 && x <= 1023.0)
  {
    k = (int)x;
    if (k >= -1022)
      return __vd_pow2(k);
    return __vd_pow2(k + 64) * __vd_pow2(-64);
  }
  r = __vd_any1(x);
  __ESBMC_assume(r >= 0 && !__vd_neg(r));
  return r;
}

/* The common part of log, log2 and log10: specials, then |r| <= bound and the sign of r is
   that of x - 1. */
static double __vd_log(double x, double bound)
{
  double r;
  if (__vd_isnan(x))
    return x;
  if (x < 0)
    return __vd_nan();
  if (x == 0)
    return -__builtin_inf();
  if (x == 1.0)
    return 0.0;
  if (x == __builtin_inf())
    return x;
  r = __vd_any1(x);
  __ESBMC_assume(r >= -bound && r <= bound);
  if (x > 1.0)
    __ESBMC_assume(r > 0);
  else
    __ESBMC_assume(r < 0);
  return r;
}

double log(double x)
{
  return __vd_log(x, 745.0);
}

double log10(double x)
{
  return __vd_log(x, 324.0);
}

double log2(double x)
{
  return __vd_log(x, 1075.0);
}

/* C11 F.10.4.4, then: exact for y == 1 and for integral x and 2 <= y <= 63 when the result is
   an integer below 2^53 (glibc's pow is then exact); else the sign is known. */
double pow(double x, double y)
{
  double ax;
  double base;
  double acc;
  double r;
  int yint;
  int yodd;
  int n;
  int k;
  if (y == 0)
    return 1.0;
  if (x == 1.0)
    return 1.0;
  if (__vd_isnan(x) || __vd_isnan(y))
    return __vd_nan();
  yint = __vd_integral(y);
  yodd = yint && __builtin_fabs(y) < 9007199254740992.0 && ((long long)y & 1) != 0;
  if (__vd_isinf(y))
  {
    ax = __builtin_fabs(x);
    if (ax == 1.0)
      return 1.0;
    if (y > 0)
      return ax < 1.0 ? 0.0 : __builtin_inf();
    return ax < 1.0 ? __builtin_inf() : 0.0;
  }
  if (x == 0)
  {
    if (y < 0)
      return yodd ? __builtin_copysign(__builtin_inf(), x) : __builtin_inf();
    return yodd ? x : 0.0;
  }
  if (__vd_isinf(x))
  {
    if (x > 0)
      return y < 0 ? 0.0 : x;
    if (y < 0)
      return yodd ? -0.0 : 0.0;
    return yodd ? x : -x;
  }
  if (x < 0 && !yint)
    return __vd_nan();
  if (y == 1.0)
    return x;
  if (__vd_integral(x) && y >= 2.0 && y <= 63.0 && yint)
  {
    n = (int)y;
    base = x;
    acc = 1.0;
    for (k = 0; k < 6; k++)
    {
      if (n & (1 << k))
        acc = acc * base;
      base = base * base;
    }
    if (__builtin_fabs(acc) < 9007199254740992.0)
      return acc;
  }
  r = __vd_any2(x, y);
  if (x < 0 && yodd)
    __ESBMC_assume(r <= 0 && __vd_neg(r));
  else
    __ESBMC_assume(r >= 0 && !__vd_neg(r));
  return r;
}

double cbrt(double x)
{
  double r;
  if (__vd_isnan(x) || x == 0 || __vd_isinf(x))
    return x;
  r = __vd_any1(x);
  __ESBMC_assume(r != 0 && !__vd_isinf(r));
  __vd_assume_sign_of(r, x);
  return r;
}

/* C11 F.10.4.3: an infinite argument gives +inf even with a NaN; hypot(x, +-0) == fabs(x). */
double hypot(double x, double y)
{
  double r;
  if (__vd_isinf(x) || __vd_isinf(y))
    return __builtin_inf();
  if (__vd_isnan(x) || __vd_isnan(y))
    return __vd_nan();
  if (y == 0)
    return __builtin_fabs(x);
  if (x == 0)
    return __builtin_fabs(y);
  r = __vd_any2(x, y);
  __ESBMC_assume(r > 0);
  return r;
}
