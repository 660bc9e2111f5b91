// expect: FAILED array-bounds line 15
// expect: FAILED assertion line 16
// why: (Cordeiro's thesis, Fig. 2.7) x is uninitialised, hence nondet, so both branches are
//   feasible. i == 0 always. On the else branch a[i+2] == a[2] is written, outside int a[2]:
//   array-bounds on line 15 (the then-branch writes a[0], in bounds). The assertion reads
//   a[1] (in bounds), which is never written and so holds an arbitrary value; a[1] != 1 is
//   possible, so the assertion on line 16 fails (on either branch).
#include <assert.h>

int main() {
  int a[2], i = 0, x;
  if (x == 0)
    a[i] = 0;
  else
    a[i + 2] = 1;
  assert(a[i + 1] == 1);
}
