// expect: SUCCESSFUL
// why: p points to the live local x, pp to p; writes through *p and **pp change x; redirecting
//   p through *pp to y makes **pp += 1 change y (11) and leaves x at 3. All pointers are valid.
#include <assert.h>

int main(void) {
  int x = 1;
  int *p = &x;
  *p = 2;
  assert(x == 2);
  int **pp = &p;
  **pp = 3;
  assert(x == 3 && *p == 3);
  int y = 10;
  *pp = &y;
  **pp += 1;
  assert(y == 11 && x == 3 && p == &y);
  return 0;
}
