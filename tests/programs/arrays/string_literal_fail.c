// expect: FAILED array-bounds line 13
// why: char s[] = "abc" has sizeof 4 (indices 0..3, including the terminating '\0'); i is
//   assumed in 0..4, so i == 4 reads s[4] out of bounds on line 13.
#include <assert.h>

int nondet_int(void);
void __VERIFIER_assume(int cond);

int main(void) {
  char s[] = "abc";
  int i = nondet_int();
  __VERIFIER_assume(i >= 0 && i <= 4);
  char c = s[i];
  return c;
}
