// expect: FAILED array-bounds line 19
// expect: FAILED array-bounds line 21
// expect: FAILED pointer-bounds line 22
// expect: FAILED assertion line 22
// why: (Cordeiro's thesis, Fig. 3.6) i and x are uninitialised, hence nondet; p points to a[0].
//   Line 19: a[i] with arbitrary i (e.g. i == 2 or i == -1) is out of bounds of int a[2].
//   Line 21: a[i+1] with arbitrary i (e.g. i == 1 gives a[2]) is out of bounds too (no
//   --overflow-check, so i + 1 itself is no claim).
//   Line 22: p + 2 is the one-past-the-end pointer of a, so *(p+2) reads outside the object:
//   pointer-bounds, on every path. The value read from outside a is not constrained to be 1
//   (e.g. on the x == 0 path nothing even writes a 1 anywhere), so the assertion itself can
//   also fail.
#include <assert.h>

int main() {
  int a[2], i, x, *p;
  p = a;
  if (x == 0)
    a[i] = 0;
  else
    a[i + 1] = 1;
  assert(*(p + 2) == 1);
}
