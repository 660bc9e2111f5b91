// function: f
// flags: --timeout 60 --no-library-accuracy
// expect: UNKNOWN sin
// why: for 100 < x < 10^6 the old version returns 1 + sin(x) / 4 and the new one 1. They differ
//   exactly when sin(x) is not 0 (for such a double it never is), but verdiff does not compute
//   sin: it knows only that the result lies in [-1, 1] and is the same for the same argument, and
//   0 is in that range (1 + s / 4 rounds to 1 for every |s| below about 4e-16). So it cannot prove
//   a difference without the sine's value: UNKNOWN, naming sin as the reason. (Inputs outside
//   (100, 10^6) would not help: there both versions return x.)
//   With --no-library-accuracy, that is: verdiff may not assume the library's result is near
//   the host's. By default it may, and then shows the difference (e.g. sin(128.00000000000006)
//   is about 0.72, so the old version returns about 1.18): library_accuracy_decides tests that.
#include <math.h>
double f(double x) {
  if (x > 100.0 && x < 1e6)
    return 1.0 + 0.25 * sin(x);
  return x;
}
