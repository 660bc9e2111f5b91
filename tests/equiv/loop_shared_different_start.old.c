// function: f
// expect: NOT EQUIVALENT
// why: the same loop (s += i for i < n) starts from s = 0 in the old version and s = 1 in the
//   new one; for 0 <= n <= 1000 no sum overflows (at most 499500 + 1) and the new result is
//   the old one plus 1, so every such input tells them apart. Comparing the loop as a function
//   of the values it reads must not hide that those values differ.
int f(int n) {
  if (n < 0 || n > 1000)
    return 0;
  int s = 0;
  int i = 0;
  while (i < n) {
    s += i;
    i++;
  }
  return s;
}
