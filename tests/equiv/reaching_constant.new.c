double accumulate(double b, int n) {
    double d = 0.0;
    if (n < 0 || n > 6) {
        return -1.0;
    }
    b += d;
    for (int j = n; j > 0; j--) {
        b = b * 0.5 + j;
        d = b / 3.0;
    }
    return b;
}
