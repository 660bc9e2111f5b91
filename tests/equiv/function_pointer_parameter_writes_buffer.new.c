// function: count_lines
// expect: UNKNOWN memory
// why: see the old version.
int count_lines(char *(*reader)(char *buf, int n, void *stream), void *stream) {
    char line[16];
    int n = 0;
    while (reader(line, sizeof line, stream) != 0 && n < 3) n += line[0] == '#' ? 2 : 1;
    return n;
}
