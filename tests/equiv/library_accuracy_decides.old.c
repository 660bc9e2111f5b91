// function: f
// expect: NOT EQUIVALENT
// output: return value
// why: sin(1.0) is 0.8414709848078965 in glibc (correctly rounded), and any libm within a
//   relative 2^-40 of that gives a value above 0.8, so the old version returns x and the new one
//   -x: they differ for every x other than 0 and NaN (x = 1: 1 against -1). verdiff's model of
//   sin only says the result lies in [-1, 1], where 0.8 and below are possible, so without the
//   accuracy assumption the difference is not shown for every sine the model allows (the build
//   before it answered UNKNOWN, naming sin). The verdict states the assumption (checked in
//   tests/equiv.rs, library_accuracy_is_stated_with_the_difference).
#include <math.h>
double f(double x) {
  if (sin(1.0) > 0.8)
    return x;
  return -x;
}
