int f(int a, int b) {
    if (a > 1000 || a < -1000 || b > 1000 || b < -1000) {
        return 0;
    }
    a = 0;
    return a + b + a;
}
