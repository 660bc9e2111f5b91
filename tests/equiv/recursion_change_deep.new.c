int depth(int n) {
  if (n <= 0)
    return 0;
  int r = depth(n - 1) + 1;
  if (n == 50)
    r = r + 1;
  return r;
}
