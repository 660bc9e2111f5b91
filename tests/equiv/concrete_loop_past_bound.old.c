// function: checksum
// flags: --unwind 5
// expect: EQUIVALENT
// why: the loop runs exactly 40 times whatever the input (i counts from 39 down to 0), more
//   than the bound 5, but its control is concrete: equivalence keeps unwinding such a loop
//   past the bound, so both versions are explored completely. The new version counts upwards
//   and adds the same values in the opposite order; unsigned addition is associative and
//   commutative modulo 2^32, so the sums agree for every seed.
unsigned checksum(unsigned seed) {
  unsigned sum = seed;
  int i;
  for (i = 39; i >= 0; i--)
    sum += (unsigned)i * 2654435761u;
  return sum;
}
