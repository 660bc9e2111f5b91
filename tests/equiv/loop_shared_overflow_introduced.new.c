int f(int n) {
  if (n < 1 || n > 1000)
    return 0;
  int t = 2147483000;
  for (int i = 0; i < n; i++)
    t += 1000;
  return n;
}
