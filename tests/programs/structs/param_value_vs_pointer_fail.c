// expect: FAILED assertion line 19
// why: dep_val gets the struct by value and changes only its copy, so after the call a.bal is
//   still 10 and the assertion a.bal == 15 on line 19 fails. The pointer version then really
//   adds 5 (line 21 holds).
#include <assert.h>

struct acc { int bal; };

void dep_val(struct acc a, int x) { a.bal += x; }

void dep_ptr(struct acc *a, int x) { a->bal += x; }

int main(void) {
  struct acc a = {10};
  struct acc *p = &a;
  int before = p->bal;
  assert(before == 10);
  dep_val(a, 5);
  assert(a.bal == 15);
  dep_ptr(&a, 5);
  assert(a.bal == before + 5);
  return 0;
}
