// flags: --overflow-check --unsigned-overflow-check
// expect: FAILED overflow line 10
// why: with --unsigned-overflow-check unsigned wrap-around is a claim: u + 1u on line 10 wraps
//   for u == UINT_MAX. No other arithmetic.
unsigned int nondet_uint(void);

int main(void) {
  unsigned int u = nondet_uint();
  unsigned int v;
  v = u + 1u;
  return v == 0u;
}
