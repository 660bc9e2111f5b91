// flags: --unwind 7
// expect: FAILED pointer-bounds line 20
// why: last() returns the last index k in 0..5 whose element is negative, or 0; the caller
//   reads v[k + 1], which is v[6] — one past the end of the 6 ints — exactly when v[5] < 0
//   (e.g. a = {0, 0, 0, 0, 0, -1}). The index is a choice between the constants 1..6; the
//   bounds claim must not be folded away because five of the six choices are in bounds.
int nondet_int(void);
static int last(const int *v, int n) {
  int k = 0;
  for (int j = 0; j < n; j++)
    if (v[j] < 0)
      k = j;
  return k;
}
int main(void) {
  int a[6];
  for (int i = 0; i < 6; i++)
    a[i] = nondet_int();
  int *v = a;
  return v[last(a, 6) + 1];
}
