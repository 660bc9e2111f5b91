// function: wrapcount
// flags: --unwind 3 --timeout 10
// expect: EQUIVALENT UP TO BOUND 3
// why: as loop_byte_counter, but the new version reduces modulo 255: for n = 255 the old
//   returns 255 and the new 0. The first difference needs 255 iterations, beyond the bound 3:
//   the bounded answer must stand and the relational proof must fail.
int wrapcount(int n) {
  unsigned char k = 0;
  for (int i = 0; i < n; i++)
    k++;
  return k;
}
