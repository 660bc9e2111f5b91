int classify(int t, int h) {
    if (t > 30 && h > 80)
        return 2;
    else if (t <= 30)
        return 0;
    else
        return 1;
}
