void fill(int *a) { int i = 8; while (i--) a[i] = i + (i == 5); }
