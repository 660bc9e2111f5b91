// flags: --unwind 10
// expect: SUCCESSFUL
// why: naive recursive Fibonacci; fib(6) recurses at most 6 levels deep (< --unwind 10).
//   fib(0..7) = 0, 1, 1, 2, 3, 5, 8, 13.
#include <assert.h>

int fib(int n) {
  if (n < 2)
    return n;
  return fib(n - 1) + fib(n - 2);
}

int main(void) {
  assert(fib(0) == 0);
  assert(fib(1) == 1);
  assert(fib(6) == 8);
  return 0;
}
