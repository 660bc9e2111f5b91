int depth(int n) {
  if (n <= 0)
    return 0;
  int k = 0;
  if (n == 40)
    k = 2147483647;
  int r = depth(n - 1) + 1;
  return r + k - k;
}
