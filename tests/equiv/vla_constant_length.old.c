// function: mix
// expect: EQUIVALENT
// why: the new version sizes its table with a local that holds 56 for the whole run
//   (assigned once, before anything else, never changed), so `int t[n]` is an array of 56
//   ints, as the old version's `int t[56]`, and `i < n` is `i < 56`. Every element
//   read (1..55) is written first (21 * i % 55 runs over 1..54 for i = 1..54, and t[55]),
//   and every value stays below 1000 in magnitude, so both are defined on every input and
//   compute the same. Once n is replaced by 56 the two are the same program.
int mix(int seed) {
    int t[56];
    t[55] = seed % 1000;
    for (int i = 1; i <= 54; i++) {
        t[(21 * i) % 55] = (t[55] + i) % 1000;
    }
    for (int k = 0; k < 4; k++) {
        for (int i = 1; i < 56; i++) {
            t[i] = (t[i] - t[1 + (i + 30) % 55]) % 1000;
        }
    }
    return t[1];
}
