// flags: --function gap --infer-preconditions --unwind 10
// expect: FAILED division-by-zero line 18
// why: arr[i] and arr[j] are the same slot when i == j (integer inputs are free), so they
//   hold the same pointer: the second store overwrites the first and arr[i]->v - 2 is 0.
//   The caller's children are numbered by slot; two slots whose addresses may coincide
//   must still hold one child when they do, or this input would be lost.
#include <stddef.h>

struct node { struct node *next; int v; };

int gap(struct node **arr, unsigned i, unsigned j) {
  if (i >= 4 || j >= 4)
    return 0;
  if (arr[i] == NULL || arr[j] == NULL)
    return 0;
  arr[i]->v = 1;
  arr[j]->v = 2;
  return 100 / (arr[i]->v - 2);
}
