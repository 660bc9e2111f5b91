// expect: SUCCESSFUL
// why: a nondet _Bool is 0 or 1 only, so b used as an index into int arr[2] is always in bounds,
//   and the ?: gives 10 or 20.
#include <assert.h>

_Bool __VERIFIER_nondet_bool(void);

int main(void) {
  _Bool b = __VERIFIER_nondet_bool();
  assert(b == 0 || b == 1);
  int k = b ? 10 : 20;
  assert(k == 10 || k == 20);
  int arr[2] = {5, 6};
  int v = arr[b];
  assert(v == 5 + b);
  return 0;
}
