// function: report
// flags: --no-abstraction --unwind 3
// expect: EQUIVALENT UP TO BOUND 3
// why: without the abstraction `work` is inlined and its input-dependent loop is cut at 3.
int work(int n) { int s = 0; while (n > 0) { s += n % 7; n--; } return s; }
int report(int a, int b) { return work(a) - work(b); }
