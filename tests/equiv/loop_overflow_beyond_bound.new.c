int count(int n) {
  int c = 0;
  for (int i = 0; i < n; i++)
    c += 2;
  return c / 2;
}
