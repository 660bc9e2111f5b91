int f(int n) {
  if (n < 0 || n > 1000)
    return 0;
  int s = 1;
  int i = 0;
  while (i < n) {
    s += i;
    i++;
  }
  return s;
}
