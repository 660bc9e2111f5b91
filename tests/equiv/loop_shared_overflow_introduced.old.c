// function: f
// expect: NOT EQUIVALENT
// why: both versions return n and run the same loop, whose sum t is never used; the old one
//   starts t at 0, the new one at 2147483000. With 1 <= n <= 1000 the old sum stays below
//   1000 * 1000 (no overflow); the new one overflows in its first iteration (2147483000 + 1000
//   > INT_MAX): undefined behaviour the old version does not have, which is a difference
//   even though the returned values agree. The loop compared as a function of its inputs must
//   keep its overflow check.
int f(int n) {
  if (n < 1 || n > 1000)
    return 0;
  int t = 0;
  for (int i = 0; i < n; i++)
    t += 1000;
  return n;
}
