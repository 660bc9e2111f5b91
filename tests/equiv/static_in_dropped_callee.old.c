// function: f
// expect: NOT EQUIVALENT
// output: static note::seen
// why: the old version calls note, which counts calls in a static local; the new version no
// longer calls it. The counter is state of the program: after one call it is one higher in
// the old version, on every input. (Only the old version reaches the static: the pair must
// still be compared.)
int note(void) { static int seen; seen = seen + 1 > 1000 ? 0 : seen + 1; return 0; }
int f(int x) { note(); return x & 7; }
