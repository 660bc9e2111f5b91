// function: sum
// flags: --unwind 3 --timeout 20
// expect: EQUIVALENT
// why: both return n + (n - 1) + ... + 1 for n >= 1 and n itself for n <= 0: the new version
//   stops the recursion at n <= 1 (returning 1 where the old one computes 1 + sum(0) = 1).
//   The recursive calls are on equal arguments but the two versions call at different depths,
//   so the uninterpreted-function rule does not apply (at n = 1 only the old version calls)
//   and the recursion depth depends on n: bounded model checking can only say "up to
//   bound". Summaries found by the Horn solver (equal arguments give equal results; the old
//   version's sum(0) is 0) prove it for every n on which both terminate. Both overflow at
//   the same call (the partial sums are equal), so undefined behaviour agrees.
int sum(int n) {
  int r = 0;
  if (n <= 0) {
    r = n;
  } else {
    r = sum(n - 1);
    r = n + r;
  }
  return r;
}
