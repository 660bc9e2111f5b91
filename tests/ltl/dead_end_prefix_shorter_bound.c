// formula: G {x != 1}
// unwind: 2
// expect: SUCCEEDING
// why: dead_end_prefix.c at bound 2: the trace after two iterations (x == 0) has a
//   continuation (the third iteration is not assumed away), so it counts; G {x != 1} holds
//   on it and some continuation (the third iteration sets x = 1) violates it: SUCCEEDING.
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
