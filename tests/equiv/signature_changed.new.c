int f(long x) { return (int)x; }
