// function: depth
// flags: --unwind 3 --timeout 20
// expect: EQUIVALENT UP TO BOUND 3
// why: both return max(n, 0) for every n on which the old version is defined (all n: the
//   depth never overflows), but the new version computes r + k - k with k = INT_MAX when the
//   recursion passes n == 40, where r = 40: signed overflow, undefined behaviour the change
//   introduced, for every n >= 40 (the callee's undefined behaviour ends the caller's run
//   too). NOT EQUIVALENT beyond the bound 3; the relational proof must not hide the callee's
//   undefined behaviour and upgrade this to EQUIVALENT.
int depth(int n) {
  if (n <= 0)
    return 0;
  return depth(n - 1) + 1;
}
