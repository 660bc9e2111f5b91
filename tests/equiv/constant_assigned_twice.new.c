int f(int x) {
    int k = 2;
    if (x > 5) {
        k = 3;
    }
    if (x > 100 || x < -100) {
        return 0;
    }
    return x + k;
}
