double pick(double k) {
    int t[4];
    if (k <= 0.0) {
        t[0] = 3;
        return t[0] * 0.5;
    }
    return (t[0] ^ 1) * 0.5;
}
