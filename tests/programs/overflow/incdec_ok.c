// flags: --overflow-check
// expect: SUCCESSFUL
// why: x is strictly between INT_MIN and INT_MAX, so x++ (<= INT_MAX), x-- (back to x), --x
//   (>= INT_MIN) and ++x never overflow, and x ends at its original value. The loop counter
//   i goes 0..3, the sum s 0..6: no overflow.
#include <assert.h>
#include <limits.h>

int nondet_int(void);
void __VERIFIER_assume(int cond);

int main(void) {
  int x = nondet_int();
  __VERIFIER_assume(x > INT_MIN && x < INT_MAX);
  int orig = x;
  x++;
  x--;
  --x;
  ++x;
  assert(x == orig);
  int i, s = 0;
  for (i = 0; i < 4; i++)
    s += i;
  assert(s == 6);
  return 0;
}
