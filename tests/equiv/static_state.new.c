int next(void) { static int n; n += 2; return n - 1; }
