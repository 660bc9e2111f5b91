int f(int x) {
    int k = 0;
    if (x > 1000 || x < -1000) {
        return 0;
    }
    if (x > 3) {
        k = 1;
    }
    return x + k;
}
