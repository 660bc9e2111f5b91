// expect: FAILED division-by-zero line 9
// why: d is unconstrained, so d == 0 is possible and 10 % d on line 9 is a remainder by zero.
//   No assertion, array or pointer; overflow is not checked (no --overflow-check).
int nondet_int(void);

int main(void) {
  int d = nondet_int();
  int r;
  r = 10 % d;
  return r;
}
