double pick(double k) {
    double x;
    if (k > 0)
        x = 7.0 * k;
    return x;
}
