// function: report
// flags: --no-abstraction --unwind 3
// expect: EQUIVALENT
// why: without the abstraction `work` is inlined and its input-dependent loop is cut at 3, so
//   bounded model checking alone says EQUIVALENT UP TO BOUND 3; `work` is the same code in
//   both versions and both call it on a and b in the same order, so the relational proof
//   pairs the calls through the summary of the pair of `work`s on equal arguments (equal
//   arguments give equal results) and `report` returns x - y on both sides for every input
//   (both overflow on the same inputs).
int work(int n) { int s = 0; while (n > 0) { s += n % 7; n--; } return s; }
int report(int a, int b) { return work(a) - work(b); }
