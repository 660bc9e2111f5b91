// expect: SUCCESSFUL
// why: in LP64 long is 64 bits and can represent every unsigned int, so in l < u the unsigned int
//   is converted to long and -1 < 1 holds. long long likewise. With unsigned long, l is converted
//   to unsigned long (ULONG_MAX), so l < ul is false and the negated assertion holds.
#include <assert.h>

int main(void) {
  long l = -1;
  long long ll = -1;
  unsigned int u = 1;
  unsigned long ul = 1;
  assert(ll < u);
  assert(l < u);
  assert(!(l < ul));
  return 0;
}
