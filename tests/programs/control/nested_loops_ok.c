// expect: SUCCESSFUL
// why: constant-bounded nested loops: for i = 0, 1, 2 the inner loop runs j = i..3, i.e. 4 + 3 + 2
//   = 9 increments of c; the array index i*4+j stays in 0..11 (array of 12), so no bounds claim.
#include <assert.h>

int main(void) {
  int c = 0, i, j;
  int seen[12] = {0};
  for (i = 0; i < 3; i++)
    for (j = i; j < 4; j++) {
      c++;
      seen[i * 4 + j] = 1;
    }
  assert(c == 9);
  assert(seen[0] == 1 && seen[4] == 0 && seen[5] == 1 && seen[8] == 0 && seen[11] == 1);
  return 0;
}
