// function: copy_counted
// flags: --unwind 3
// expect: NOT EQUIVALENT
// output: n
// why: both versions return a fresh copy of s (memory the function allocates, whose contents
//   the product does not compare: the comparison of the result is an unsupported construct
//   that ends nothing) and store the length of s in *n, but the new version stores one less
//   for strings of four or more characters: for "abcd" *n is 4 in the old version and 3 in
//   the new one. The bound 3 keeps the symbolic run from the fourth character; a concrete
//   run on random inputs reads the string to its end, goes on past the uncompared result and
//   shows *n differ.
#include <stdlib.h>
#include <string.h>

char *copy_counted(const char *s, int *n) {
  int i = 0;
  while (s[i])
    i++;
  *n = i;
  char *r = malloc(i + 1);
  if (r)
    memcpy(r, s, i + 1);
  return r;
}
