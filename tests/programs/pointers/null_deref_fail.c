// expect: FAILED pointer-null line 13
// why: p stays NULL when the nondet condition is false, so *p on line 13 dereferences a null
//   pointer on that path. On the other path p == &x, which is valid. No assertion.
int nondet_int(void);

int main(void) {
  int x = 5;
  int *p = 0;
  int c = nondet_int();
  if (c)
    p = &x;
  int y;
  y = *p;
  return y;
}
