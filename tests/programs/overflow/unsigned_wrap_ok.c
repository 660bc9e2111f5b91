// flags: --overflow-check
// expect: SUCCESSFUL
// why: --overflow-check covers only signed arithmetic; unsigned +, *, - wrap modulo 2^32
//   without any claim (that needs --unsigned-overflow-check). The identities hold mod 2^32.
#include <assert.h>

unsigned int nondet_uint(void);

int main(void) {
  unsigned int u = nondet_uint();
  unsigned int v = u + 1u;
  unsigned int w = u * 3u;
  unsigned int d = 0u - u;
  assert(v - 1u == u);
  assert(w - u - u == u);
  assert(d + u == 0u);
  return 0;
}
