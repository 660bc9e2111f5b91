// flags: --function sum --infer-preconditions --unwind 26
// expect: FAILED pointer-bounds line 11
// why: the loop runs to i == n, and a points to exactly n elements (its length parameter
//   sizes it): a[n] is one past the caller's object, a bug of sum itself, not something its
//   precondition lets it assume (e.g. n = 0 reads a[0] of an empty array). The loop runs at most 25 times.
unsigned sum(const unsigned *a, unsigned n) {
  unsigned s = 0;
  if (n > 24)
    n = 24;
  for (unsigned i = 0; i <= n; i++)
    s += a[i];
  return s;
}
