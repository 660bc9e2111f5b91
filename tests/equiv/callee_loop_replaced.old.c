// function: steps
// flags: --unwind 3 --timeout 20
// expect: EQUIVALENT
// why: the helper `count` counts n down to 0 in a loop (max(n, 0) iterations, returning
//   max(n, 0)); the new helper returns the same value without a loop, so `steps` (which
//   calls it on the same argument in both versions) returns max(x, 0) - 1 in both. The
//   helper changed, so it is not shared; the loop's trip count depends on x, so bounded model
//   checking can only say "up to bound". The pair of helpers gets a summary on equal
//   arguments (the loop invariant c + n = n0 gives c = max(n0, 0) at the exit), which
//   proves the callers equal for every x. No overflow: the result is at least -1.
int count(int n) {
  int c = 0;
  while (n > 0) {
    n = n - 1;
    c = c + 1;
  }
  return c;
}

int steps(int x) {
  return count(x) - 1;
}
