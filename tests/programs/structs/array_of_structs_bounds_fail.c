// expect: FAILED array-bounds line 16
// why: inv has 3 elements (indices 0..2). The loop only reads inv[0..2], but the write
//   inv[n].id with n == 3 on line 16 is out of bounds. No assertion.
#include <assert.h>

struct item { int id; int qty; };

int main(void) {
  struct item inv[3] = {{1, 10}, {2, 0}, {3, 5}};
  int n = 0;
  int i;
  for (i = 0; i < 3; i++)
    if (inv[i].qty > 0)
      n++;
  n = n + 1;
  inv[n].id = 4;
  return 0;
}
