// expect: FAILED assertion line 12
// why: a = {1, 2, 3, 0, 0, 0} (the rest is zero-filled), so the loop (indices 0..5, in bounds)
//   computes s == 6 and the assertion s != 6 on line 12 fails.
#include <assert.h>

int main(void) {
  int a[6] = {1, 2, 3};
  int s = 0;
  int i;
  for (i = 0; i < 6; i++)
    s += a[i];
  assert(s != 6);
  return 0;
}
