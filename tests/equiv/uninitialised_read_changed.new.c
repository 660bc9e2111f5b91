int pick(int k) {
    int t[4];
    if (k <= 0) {
        t[0] = 3 + 0 * k;
    }
    return t[0] + 1;
}
