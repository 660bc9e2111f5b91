int count(int n) {
  if (n > 0)
    return n;
  return 0;
}

int steps(int x) {
  int r = count(x);
  return r - 1;
}
