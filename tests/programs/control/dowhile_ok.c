// expect: SUCCESSFUL
// why: a do-while body runs before the first test: with i = 10 the body runs once (n = 1,
//   i = 11) although 10 < 5 is false. The second loop runs j = 2, 4, 6, 8 and stops at 8.
#include <assert.h>

int main(void) {
  int i = 10, n = 0;
  do {
    n++;
    i++;
  } while (i < 5);
  assert(n == 1 && i == 11);
  int j = 0;
  do {
    j += 2;
  } while (j < 7);
  assert(j == 8);
  return 0;
}
