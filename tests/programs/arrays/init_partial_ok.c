// expect: SUCCESSFUL
// why: an initialiser list shorter than the array zero-fills the remaining elements, also for
//   local arrays: a = {1,2,3,0,0,0}; s = "hi" followed by six '\0'; the designated initialiser
//   gives z = {0,0,9,0}. All indices are constants within bounds.
#include <assert.h>

int main(void) {
  int a[6] = {1, 2, 3};
  assert(a[2] == 3);
  assert(a[3] == 0 && a[5] == 0);
  char s[8] = "hi";
  assert(s[1] == 'i' && s[2] == '\0' && s[7] == '\0');
  int z[4] = {[2] = 9};
  assert(z[0] == 0 && z[2] == 9 && z[3] == 0);
  return 0;
}
