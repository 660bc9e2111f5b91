// expect: SUCCESSFUL
// why: every integer with magnitude <= 2^24 is exactly representable as float, so for i in
//   [-1000000, 1000000] converting to float and back gives i again (in-range conversion).
#include <assert.h>

int nondet_int(void);
void __VERIFIER_assume(int cond);

int main(void) {
  int i = nondet_int();
  __VERIFIER_assume(i >= -1000000 && i <= 1000000);
  float f = i;
  int back = (int)f;
  assert(back == i);
  return 0;
}
