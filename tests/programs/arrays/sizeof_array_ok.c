// expect: SUCCESSFUL
// why: sizeof an array is its total size in bytes: int[10] -> 40, char[] "hello" -> 6,
//   double[3][2] -> 48 (row 16); the element count idiom gives 10. Inside f the parameter p is
//   a pointer, so sizeof(p) == 8 in LP64 regardless of the declared [10].
#include <assert.h>

int f(int p[10]) {
  return (int)sizeof(p);
}

int main(void) {
  int a[10];
  char s[] = "hello";
  double d[3][2];
  assert(sizeof(a) == 40);
  assert(sizeof(a) / sizeof(a[0]) == 10);
  assert(sizeof(s) == 6);
  assert(sizeof(d) == 48 && sizeof(d[0]) == 16);
  assert(f(a) == 8);
  return 0;
}
