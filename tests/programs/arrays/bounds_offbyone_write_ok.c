// expect: SUCCESSFUL
// why: with i < 5 the index stays in 0..4, inside int a[5]; afterwards a[k] == k for all k,
//   so a[4] == 4 and a[0] + a[1] + a[2] + a[3] + a[4] == 10. Constant bounds, no --unwind.
#include <assert.h>

int main(void) {
  int a[5];
  int i;
  for (i = 0; i < 5; i++)
    a[i] = i;
  assert(a[4] == 4);
  assert(a[0] + a[1] + a[2] + a[3] + a[4] == 10);
  return 0;
}
