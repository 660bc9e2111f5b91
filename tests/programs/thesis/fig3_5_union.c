// expect: SUCCESSFUL
// why: (Cordeiro's thesis, Fig. 3.5) i and ch share storage at offset 0. After u.i = 1 the
//   bytes are 01 00 00 00 (little endian); u.ch = 'a' replaces byte 0 with 97 and leaves the
//   upper three bytes 0, so u.i == 97. All three assertions hold.
#include <assert.h>

union u_type {
  int i;
  char ch;
};

int main() {
  union u_type u;
  u.i = 1;
  assert(u.i == 1);
  u.ch = 'a';
  assert(u.ch == 'a');
  assert(u.i == 97);
}
