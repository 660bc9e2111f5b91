double step(double x) {
    int neg;
    double r;
    if (x < 0.0) {
        neg = 1;
        r = -x;
        if (neg) {
            r = r * 2.0;
        }
    } else {
        r = x + 1.0;
        neg = 0;
    }
    return r;
}
