int count(int n) {
  int s = 0;
  for (int i = 0; i < n; i++) {
    s += 1;
    if (i == 100000)
      s += 1;
  }
  return s;
}
