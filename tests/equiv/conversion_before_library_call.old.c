// function: f
// flags: --timeout 60
// expect: NOT EQUIVALENT
// why: k = (int)(a / 7.0) is always in range (|a / 7| < 2^31), d is 0.25 or 0.5, and the old
//   version returns -log(d) (about 1.39 or 0.69) where the new one returns -log(d) + 10: every
//   input tells them apart. verdiff does not compute log, so the difference must hold for every
//   result its model allows (any negative number down to -745 for an argument below 1; +10 is
//   never lost to rounding there). The conversion's result is a function of the converted value
//   in an equivalence product; when that function was left free but the conversion's symbol
//   was fixed to the candidate's value, the check could "avoid" the difference by contradicting
//   the two, and every candidate was rejected (UNKNOWN). lg's parameter shares the entry's
//   name `a` with another type: the reported input must be the entry's integer.
#include <math.h>
static double lg(double a) {
  return -log(a);
}
double f(int a) {
  int k = (int)(a / 7.0);
  double d = (k & 1) ? 0.25 : 0.5;
  return lg(d);
}
