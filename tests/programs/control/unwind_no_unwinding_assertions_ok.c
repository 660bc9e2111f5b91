// flags: --unwind 3 --no-unwinding-assertions
// expect: SUCCESSFUL
// why: n is unbounded, but --no-unwinding-assertions drops the unwinding claim and executions
//   needing more than 3 iterations are simply not explored. Every explored execution has run
//   the body at most 3 times, so i <= 3 < 5 (the assertion tolerates an off-by-one in how the
//   bound is counted).
#include <assert.h>

int nondet_int(void);

int main(void) {
  int n = nondet_int();
  int i = 0;
  while (i < n) i++;
  assert(i < 5);
  return 0;
}
