// formula: G {x != 1}
// unwind: 3
// expect: GOOD
// why: x becomes 1 in the third iteration, but no run goes on past it: the fourth iteration
//   assumes k <= 3, which fails, so every run is assumed away there. A trace the bound cuts
//   counts only when the run can go on past the bound (docs/ltl.md §3), and a prefix with no
//   continuation is no prefix of any run: no trace is left, and the formula holds on all of
//   them (GOOD). Before that rule this was BAD, a wrong verdict of the same kind RERS tasks
//   showed (a sink state whose every input is invalid).
int __VERIFIER_nondet_int(void);
void __VERIFIER_assume(int);
int x = 0;
int k = 0;
int main(void) {
  while (1) {
    k++;
    __VERIFIER_assume(k <= 3);
    if (k == 3) x = 1;
  }
}
