int sum(int n) {
  int r = 0;
  if (n <= 1) {
    r = n;
  } else {
    r = sum(n - 2);
    r = n + (n - 1) + r;
    if (n == 60)
      r = r + 1;
  }
  return r;
}
