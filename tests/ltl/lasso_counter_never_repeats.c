// formula: G({s == 0} -> F {s == 1})
// unwind: 4
// expect: FAILING
// why: the request is never answered, but c grows each iteration, so no two arrivals at the
//   loop's back-edge have the same state: there is no lasso to show (the comparison covers
//   every variable, also those the formula does not read), and the bounded verdict stays
//   FAILING — the request is pending at the end of every trace.
int s = 0;
int c = 0;
int main(void) {
  while (1) { c++; s = 0; }
}
