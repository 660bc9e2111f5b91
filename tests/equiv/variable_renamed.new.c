int avg(int first,
        int second) {
    long total = (long)first + second;   /* widened: no overflow */
    int result = (int)(total / 2);
    return result;
}
