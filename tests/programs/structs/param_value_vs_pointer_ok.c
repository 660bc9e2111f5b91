// expect: SUCCESSFUL
// why: dep_val receives a copy, so the caller's a.bal stays 10; dep_ptr modifies through the
//   pointer (15); twice returns a modified copy (30) and leaves a at 15.
#include <assert.h>

struct acc { int bal; };

void dep_val(struct acc a, int x) { a.bal += x; }

void dep_ptr(struct acc *a, int x) { a->bal += x; }

struct acc twice(struct acc a) {
  a.bal *= 2;
  return a;
}

int main(void) {
  struct acc a = {10};
  dep_val(a, 5);
  assert(a.bal == 10);
  dep_ptr(&a, 5);
  assert(a.bal == 15);
  struct acc b = twice(a);
  assert(b.bal == 30 && a.bal == 15);
  return 0;
}
