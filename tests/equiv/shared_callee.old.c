// function: report
// expect: EQUIVALENT
// why: `work` is the same in both versions and pure, so it becomes one uninterpreted function;
// its unbounded loop is never unwound and the answer is complete.
int work(int n) { int s = 0; while (n > 0) { s += n % 7; n--; } return s; }
int report(int a, int b) { return work(a) - work(b); }
