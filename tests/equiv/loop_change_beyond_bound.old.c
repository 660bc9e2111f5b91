// function: count
// flags: --unwind 3 --timeout 10
// expect: EQUIVALENT UP TO BOUND 3
// why: the new version adds one more when i reaches 100000, so for n > 100000 it returns
//   n + 1 instead of n: NOT EQUIVALENT, but only after 100001 iterations, beyond the bound 3
//   and beyond the 5,000 iterations a concrete random run follows (at i == 100, a run patched
//   from the comparison `i == 100` found n = 101). The bounded answer must stand; a relational
//   proof must fail (the invariant s_old = s_new breaks at i = 100000), never upgrade this to
//   EQUIVALENT.
int count(int n) {
  int s = 0;
  for (int i = 0; i < n; i++)
    s += 1;
  return s;
}
