// expect: UNKNOWN realpath
// why: realpath has no model: whether it can succeed, and what it writes into buf, verdiff
//   does not know. The division by d (which the input may make 0) is reached only on runs
//   where realpath returned non-NULL; a violation that rests on what a C library function
//   without a model returns is not shown (it need not happen for any result the real
//   function gives: docs/checks.md), so verdiff must not say FAILED, and it cannot say
//   SUCCESSFUL either: the answer is UNKNOWN naming realpath.
#include <stdlib.h>
int nondet_int(void);

int main(void) {
  char buf[4096];
  int d = nondet_int();
  if (realpath(".", buf) == NULL)
    return 1;
  return 100 / d;
}
