// function: fact
// expect: EQUIVALENT
// why: the recursive calls are abstracted by one uninterpreted function (regression
// verification): the bodies agree whenever the recursive calls agree, so the answer is
// complete without unwinding the recursion.
unsigned fact(unsigned n) { if (n <= 1) return 1; return n * fact(n - 1); }
