int note(void) { static int seen; seen = seen + 1 > 1000 ? 0 : seen + 1; return 0; }
int f(int x) { return x & 7; }
