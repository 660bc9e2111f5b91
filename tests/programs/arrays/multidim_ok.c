// expect: SUCCESSFUL
// why: m is int[3][4]; the loops write every m[i][j] with i in 0..2, j in 0..3 (in bounds) and
//   m[i][j] == 4*i + j. r and c are assumed inside the valid ranges, so m[r][c] is in bounds.
#include <assert.h>

int nondet_int(void);
void __VERIFIER_assume(int cond);

int main(void) {
  int m[3][4];
  int i, j;
  for (i = 0; i < 3; i++)
    for (j = 0; j < 4; j++)
      m[i][j] = i * 4 + j;
  assert(m[2][3] == 11);
  assert(m[1][0] == 4);
  int r = nondet_int(), c = nondet_int();
  __VERIFIER_assume(r >= 0 && r < 3 && c >= 0 && c < 4);
  assert(m[r][c] == r * 4 + c);
  assert(sizeof(m) == 48 && sizeof(m[0]) == 16);
  return 0;
}
