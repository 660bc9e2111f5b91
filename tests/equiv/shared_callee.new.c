int work(int n) { int s = 0; while (n > 0) { s += n % 7; n--; } return s; }
int report(int a, int b) { int x = work(a); int y = work(b); return x - y; }
