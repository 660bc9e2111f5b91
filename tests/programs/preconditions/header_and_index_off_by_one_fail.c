// flags: --function clear --infer-preconditions
// expect: FAILED pointer-bounds line 14
// why: `s` is indexed under `i <= n`, a bound by the length, so its precondition is exactly
//   `n` bytes from `s`; the function also reads s[-1], a header the caller keeps before the
//   pointer (as sds does), so the object may begin before `s`. The header read is the
//   caller's business, but the loop's last write s[n] is one past the `n` bytes the caller
//   gives: the function's own off-by-one, whatever lies before the pointer (with n = 0 the
//   first write is already outside).
unsigned char clear(char *s, unsigned n) {
  unsigned char kind = (unsigned char)s[-1];
  if (n > 8)
    n = 8;
  for (unsigned i = 0; i <= n; i++)
    s[i] = 0;
  return kind;
}
