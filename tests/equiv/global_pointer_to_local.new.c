int *gp;

int f(void) {
    int l = 3;
    int *lp = &l;
    int r = 0;
    if (gp != 0)
        r = *gp;
    gp = 0;
    return *lp + r;
}
