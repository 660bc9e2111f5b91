// function: sum
// flags: --unwind 3 --timeout 20
// expect: EQUIVALENT UP TO BOUND 3
// why: as recursion_step_two, but the new version adds 1 when n == 60, so sum(n) differs for
//   every even n >= 60 (the recursion passes 60 on even arguments only): NOT EQUIVALENT, 30 calls deep,
//   beyond the bound 3. The bounded answer must stand: unrolling the old version's recursion
//   keeps its runs exactly, and no summary relating the two versions is inductive at n = 60,
//   so no relational proof may upgrade this to EQUIVALENT.
int sum(int n) {
  int r = 0;
  if (n <= 1) {
    r = n;
  } else {
    r = sum(n - 1);
    r = n + r;
  }
  return r;
}
