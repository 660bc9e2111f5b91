// flags: --function sum --infer-preconditions --unwind 25
// expect: SUCCESSFUL
// why: sum reads a[0..n) with n clamped to 24 and compares its index with n, so its inferred
//   precondition is "a != NULL, a points to n elements" (docs/contracts.md); every read
//   a[i] has i < n, inside that object. 24 iterations fit the bound of 25.
unsigned sum(const unsigned *a, unsigned n) {
  unsigned s = 0;
  if (n > 24)
    n = 24;
  for (unsigned i = 0; i < n; i++)
    s += a[i];
  return s;
}
