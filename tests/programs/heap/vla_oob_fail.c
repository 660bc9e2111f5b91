// expect: FAILED array-bounds line 10
// why: the VLA has n elements for a nondet n in [1, 4]; index n is past its end.
int main(void) {
  int n = __VERIFIER_nondet_int();
  __VERIFIER_assume(n >= 1 && n <= 4);
  int a[n];
  a[0] = 1;
  int i = __VERIFIER_nondet_int();
  __VERIFIER_assume(i >= 0 && i <= n);
  a[i] = 2;
  return 0;
}
