int mix(int seed) {
    int n = 56;
    int t[n];
    t[55] = seed % 1000;
    for (int i = 1; i <= 54; i++) {
        t[(21 * i) % 55] = (t[55] + i) % 1000;
    }
    for (int k = 0; k < 4; k++) {
        for (int i = 1; i < n; i++) {
            t[i] = (t[i] - t[1 + (i + 30) % 55]) % 1000;
        }
    }
    return t[1];
}
