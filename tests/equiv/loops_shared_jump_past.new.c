int f(int n) {
  if (n < 0 || n > 100)
    return 0;
  int s = 0, i = 0;
  while (i < n) {
    if (s > 1000)
      goto done;
    s += i;
    i++;
  }
  int t = 0, j = 0;
  while (j < n) {
    t += 2;
    j++;
  }
  s = s + t + 1;
done:
  return s;
}
