// expect: SUCCESSFUL
// why: enumerators count up from the previous value (RED 0, GREEN 5, BLUE 6; A -2, B -1, C 0);
//   a typedef is just another name for int; converting any nonzero scalar to _Bool gives 1
//   (5 -> 1, 256 -> 1 not 0, 0.5 -> 1), zero gives 0. All assertions hold.
#include <assert.h>
#include <stdbool.h>

typedef int myint;
typedef enum { RED, GREEN = 5, BLUE } color;
enum { A = -2, B, C };

int main(void) {
  color c = BLUE;
  assert(RED == 0 && GREEN == 5 && c == 6);
  assert(B == -1 && C == 0);
  myint m = GREEN + BLUE;
  assert(m == 11);
  _Bool b = 5;
  assert(b == 1);
  _Bool z = 256;
  assert(z == 1);
  bool t = 0.5;
  assert(t == true);
  bool f = 0;
  assert(!f);
  assert(b + t == 2);
  return 0;
}
