// expect: FAILED array-bounds line 10
// why: the loop condition i <= 5 lets i reach 5, and a has only 5 elements (indices 0..4), so the
//   write a[i] on line 10 is out of bounds in the last iteration. The loop bound is constant,
//   so it is unwound completely. No assertion.
int main(void) {
  int a[5];
  int i;
  int n = 0;
  for (i = 0; i <= 5; i++)
    a[i] = i;
  n = i;
  return n;
}
