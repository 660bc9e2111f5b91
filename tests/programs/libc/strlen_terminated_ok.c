// expect: SUCCESSFUL
// why: the same array with room for the terminator that the initialiser zero-fills.
#include <assert.h>
#include <string.h>

int main(void) {
  char s[5] = {'a', 'b', 'c', 'd'};
  unsigned long n = strlen(s);
  assert(n == 4);
  return 0;
}
