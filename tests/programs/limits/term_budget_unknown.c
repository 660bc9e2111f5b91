// flags: --memlimit 1 --unwind 5000 --no-unwinding-assertions
// expect: UNKNOWN too large
// why: the loop runs 4000 times on nondeterministic data, building tens of thousands of
//   distinct terms; a 1 MB memory budget bounds the terms at 10,000 (the smallest bound), so verdiff must stop and
//   say the formula is too large — neither a proof nor a counterexample.
#include <assert.h>
unsigned nondet(void);

int main(void) {
  unsigned h = nondet();
  for (int i = 0; i < 4000; i++)
    h = (h * 31u) ^ (h >> 3) ^ nondet();
  assert(h != 12345u);
  return 0;
}
