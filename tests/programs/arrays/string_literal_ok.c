// flags: --unwind 6
// expect: SUCCESSFUL
// why: char s[] = "abc" is a 4-element array {'a','b','c','\0'}; the while loop stops at the
//   terminator after 3 iterations (< --unwind 6), so n == 3 and every s[n] read is in bounds.
//   p points to the 6-byte literal "hello", so p[4] and p[5] are inside it.
#include <assert.h>

int main(void) {
  char s[] = "abc";
  assert(sizeof(s) == 4);
  assert(s[0] == 'a' && s[2] == 'c' && s[3] == '\0');
  s[0] = 'x';
  assert(s[0] == 'x');
  int n = 0;
  while (s[n] != '\0')
    n++;
  assert(n == 3);
  const char *p = "hello";
  assert(p[4] == 'o' && p[5] == '\0');
  return 0;
}
