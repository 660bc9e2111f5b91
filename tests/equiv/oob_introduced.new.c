int last(int x) {
    int t[4];
    for (int i = 0; i <= 4; i++) t[i] = x + i;
    return t[3];
}
