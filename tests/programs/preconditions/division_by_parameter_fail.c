// flags: --function ratio --infer-preconditions
// expect: FAILED division-by-zero line 7
// why: integer inputs stay free (docs/contracts.md): nothing a caller is told by convention
//   excludes d == 0, so the division on line 7 is a bug ratio can hit.
int ratio(const int *total, int d) {
  int t = *total;
  return t / d;
}
