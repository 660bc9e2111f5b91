// expect: FAILED pointer-bounds line 11
// why: a + 3 is the one-past-the-end pointer of int a[3]; forming it is allowed but reading
//   through it (line 11) accesses outside the object a. No assertion.
int main(void) {
  int a[3] = {1, 2, 3};
  int *p = a;
  int first = *p;
  p = a + 3;
  int v;
  (void)first;
  v = *p;
  return v;
}
