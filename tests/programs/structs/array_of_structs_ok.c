// expect: SUCCESSFUL
// why: inv has 3 elements and the loop reads inv[0..2] (in bounds); qty sum is 10 + 0 + 5 = 15;
//   after inv[1].qty = 4, inv[1].qty + inv[2].qty == 9 and ids are untouched.
#include <assert.h>

struct item { int id; int qty; };

int main(void) {
  struct item inv[3] = {{1, 10}, {2, 0}, {3, 5}};
  int total = 0, i;
  for (i = 0; i < 3; i++)
    total += inv[i].qty;
  assert(total == 15);
  inv[1].qty = 4;
  assert(inv[1].qty + inv[2].qty == 9);
  assert(inv[0].id + inv[1].id + inv[2].id == 6);
  return 0;
}
