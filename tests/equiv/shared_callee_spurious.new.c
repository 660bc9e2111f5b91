int h(int x, int z) { int r = x; r = r * 31; r = r * 31 + z; return r; }
int t(int x1, int z1, int x2, int z2) {
    return h(x1, z1) == h(z2, x2);
}
