unsigned fact(unsigned n) { if (n < 2) return 1u; unsigned r = fact(n - 1); return r * n; }
