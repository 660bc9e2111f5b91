// function: depth
// flags: --unwind 3 --timeout 20
// expect: EQUIVALENT UP TO BOUND 3
// why: both count the recursion depth, max(n, 0), but the new version adds one more when the
//   recursion passes n == 50, so depth(n) is n + 1 instead of n for every n >= 50: NOT
//   EQUIVALENT, but only 50 calls deep, beyond the bound 3. The bounded answer must stand; a
//   relational proof must fail (a summary "equal arguments give equal results" is not
//   inductive at n = 50), never upgrade this to EQUIVALENT.
int depth(int n) {
  if (n <= 0)
    return 0;
  return depth(n - 1) + 1;
}
