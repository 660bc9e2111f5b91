int wrapcount(int n) {
  int k = 0;
  for (int i = 0; i < n; i++)
    k++;
  return k % 255;
}
