int f(int x) {
  if (x >= 0) { static int n; n = (n + 2) & 255; return 0; }
  else { static int n; n = (n + 1) & 255; return 1; }
}
