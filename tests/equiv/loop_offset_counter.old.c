// function: twice
// flags: --unwind 3 --timeout 10
// expect: EQUIVALENT
// why: both loops run max(n, 0) times and add 2 each time (the old one counts i from 1 to n,
//   the new one from 0 to n - 1), so both return 2 * max(n, 0); they overflow `j` at the same
//   iteration (j is equal after each iteration), so both are undefined on the same inputs.
//   The trip count depends on n, so bounded model checking alone can only say "up to bound";
//   the relational invariant i_old = i_new + 1, j_old = j_new proves it for every n (for the
//   inputs on which both terminate — here all of them).
int twice(int n) {
  int i = 1;
  int j = 0;
  while (i <= n) {
    j = j + 2;
    i++;
  }
  return j;
}
