int twice(int n) {
  int i = 0;
  int j = 0;
  while (i < n) {
    j += 2;
    i = i + 1;
  }
  return j;
}
