// expect: FAILED array-bounds line 10
// why: i is unconstrained, so the read a[i] on line 10 can be below 0 or above 3 (a has 4
//   elements). Nothing is asserted about the value read.
int nondet_int(void);

int main(void) {
  int a[4] = {10, 20, 30, 40};
  int i = nondet_int();
  int x;
  x = a[i];
  return x;
}
