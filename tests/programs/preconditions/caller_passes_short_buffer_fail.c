// flags: --function caller --infer-preconditions --unwind 10
// expect: FAILED pointer-bounds line 10
// why: total reads a[0..n) and compares i with n, so a must point to n elements; caller
//   passes a 4-element buffer with n = 6: a[4] is outside caller's buffer (line 10).
int total(const int *a, int n) {
  int s = 0;
  if (n > 8)
    return -1;
  for (int i = 0; i < n; i++)
    s += a[i];
  return s;
}

int caller(void) {
  int buf[4] = {1, 2, 3, 4};
  return total(buf, 6);
}
