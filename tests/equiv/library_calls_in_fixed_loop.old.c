// function: f
// flags: --timeout 60
// expect: EQUIVALENT
// why: both versions sum exp(-sq((2i + 1) * 0.4)) for i = 0..99 in the same order (sq is
//   the same helper on both sides, so it is abstracted as one uninterpreted function) and
//   add x: the old version computes c + x, the new one x + c, and IEEE addition is
//   commutative (NaN + y and y + NaN are both NaN, which the comparison counts as equal).
//   The loop runs exactly 100 times whatever x is, so no bound is cut. Two things made this
//   UNKNOWN before: exp's model branches on its (symbolic) argument and assumes things about
//   its result, which looked like input-dependent control, so the loop was cut at the bound
//   10 and the comparison was never reached; and each version's exp results were separate
//   symbols, equal only in the solver, so the two sums of 100 terms were different formulas
//   (a time-out after 60 s).
#include <math.h>
double sq(double a) { return a * a; }
double f(double x) {
  double c = 0;
  double i;
  for (i = 0; i < 100; i++)
    c += exp(-sq((2.0 * i + 1.0) * 0.4));
  return c + x;
}
