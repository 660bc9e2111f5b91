// function: lgam
// flags: --timeout 60
// expect: EQUIVALENT
// why: the new version only adds an unused local. Both call the same helper on the
//   same argument n + 1.0; in it log and then exp are called on equal arguments, so their
//   results are equal although verdiff does not compute them (an uninterpreted function of the
//   argument), and every arithmetic operation is the same operation on the same operands.
//   In the solver the two versions' log results are two symbols that are only equal, so the
//   products (x + 0.5) * log(tmp) must be known equal through commutativity as a fact: with
//   operands merely ordered by term number, the products were different terms in some runs
//   and the pair was UNKNOWN (a time-out in exact arithmetic).
#include <math.h>
double shape(double x) {
  double tmp = x + 5.5;
  tmp -= (x + 0.5) * log(tmp);
  return -tmp;
}
double lgam(int n) {
  if (n > 32)
    return exp(shape(n + 1.0));
  return 1.0;
}
