// flags: --function ring_last --infer-preconditions --unwind 10
// expect: FAILED pointer-bounds line 31
// why: `struct ring` is opaque (its members are written in this .c file), so `r` is made by
//   ring_open: cells holds n ints, n in 1..16. ring_last reads cells[n], one past the last
//   cell, for every ring ring_open makes: a bug every caller hits, still found when the handle
//   is built by its constructor.
#include <stdlib.h>

struct ring {
  int *cells;
  unsigned n;
};

struct ring *ring_open(unsigned n) {
  if (n == 0 || n > 16) return NULL;
  struct ring *r = malloc(sizeof *r);
  if (!r) return NULL;
  r->cells = malloc(n * sizeof(int));
  if (!r->cells) {
    free(r);
    return NULL;
  }
  for (unsigned i = 0; i < n; i++)
    r->cells[i] = 0;
  r->n = n;
  return r;
}

int ring_last(struct ring *r) {
  int x = r->cells[0];
  return x + r->cells[r->n];
}
