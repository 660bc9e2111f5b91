// function: count
// flags: --unwind 3 --timeout 10
// expect: EQUIVALENT UP TO BOUND 3
// why: the new version adds one more when i reaches 100, so for n > 100 it returns n + 1
//   instead of n: NOT EQUIVALENT, but only after 101 iterations, beyond the bound 3. The
//   bounded answer must stand; a relational proof must fail (the invariant s_old = s_new
//   breaks at i = 100), never upgrade this to EQUIVALENT.
int count(int n) {
  int s = 0;
  for (int i = 0; i < n; i++)
    s += 1;
  return s;
}
