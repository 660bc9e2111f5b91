static int clamp300(int v) {
    if (v > 300) return 300;
    if (v < -300) return -300;
    return v;
}
int scale(int x) {
    return clamp300(x * 3) + 1;
}
