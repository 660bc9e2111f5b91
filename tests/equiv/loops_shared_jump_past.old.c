// function: f
// expect: NOT EQUIVALENT
// why: two loops, the first of which can jump past the second (goto done once s > 1000). For
//   0 <= n <= 45 the first sum stays at most 45 * 44 / 2 = 990, the second loop runs and the
//   new version adds 1 more than the old one: those inputs tell them apart (for n > 45 both
//   jump to done with the same s). Both loops are the same code in both versions, so both are
//   compared as functions of their inputs; the jump out of the first must still land on
//   `done`, past the second loop's replacement.
int f(int n) {
  if (n < 0 || n > 100)
    return 0;
  int s = 0, i = 0;
  while (i < n) {
    if (s > 1000)
      goto done;
    s += i;
    i++;
  }
  int t = 0, j = 0;
  while (j < n) {
    t += 2;
    j++;
  }
  s = s + t;
done:
  return s;
}
