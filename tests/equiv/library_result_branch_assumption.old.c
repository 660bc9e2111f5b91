// function: f
// flags: --timeout 60 --no-library-accuracy
// expect: UNKNOWN log
// why: for 2 < x < 3 the old version returns 0 when log(x) <= 1 (x <= e) and 1 otherwise; the
//   new one always returns 1. So they differ exactly for x in (2, e], which verdiff cannot tell
//   without computing log: its model of log only knows that the result is positive for x > 1
//   (and negative below 1). Every input it might show is one where a positive log could be
//   above 1, so no difference is proved: UNKNOWN, naming log. (The model's two assumptions, r > 0
//   for x > 1 and r < 0 otherwise, hold each on its own branch; taken together as unconditional
//   facts they contradict each other and would make any input look like a proved difference.)
//   With --no-library-accuracy, that is. By default verdiff may assume the result within 2^-40
//   of the host's, and then x = 2.000000000000001 (log about 0.69, so old 0, new 1) is a
//   difference: library_accuracy_decides tests that mode.
#include <math.h>
double f(double x) {
  if (x > 2.0 && x < 3.0)
    return log(x) > 1.0 ? 1.0 : 0.0;
  return 1.0;
}
