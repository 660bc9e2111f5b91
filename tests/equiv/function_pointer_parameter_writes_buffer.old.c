// function: count_lines
// expect: UNKNOWN memory
// why: the caller's `reader` (fgets-like) writes into `line`, which both versions then
//   read; what an unknown function does to memory through a pointer cannot be compared,
//   so the new version's change (counting lines that start with '#' twice) stays
//   UNKNOWN, naming the call through `reader`, not EQUIVALENT.
int count_lines(char *(*reader)(char *buf, int n, void *stream), void *stream) {
    char line[16];
    int n = 0;
    while (reader(line, sizeof line, stream) != 0 && n < 3) n++;
    return n;
}
