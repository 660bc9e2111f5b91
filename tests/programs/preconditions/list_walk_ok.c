// flags: --function count_odd --infer-preconditions --unwind 10
// expect: SUCCESSFUL
// why: count_odd tests l for NULL, so the caller's list ends; the caller's structures are
//   taken 3 links deep (a list of at most 4 nodes: the 4th node's next is NULL), so the walk
//   ends within 4 iterations, inside the bound of 10. Every node is the caller's valid
//   object. Without the depth bound the list is endless and the unwinding assertion fails.
#include <stddef.h>

struct node { struct node *next; int v; };

int count_odd(const struct node *l) {
  int n = 0;
  while (l != NULL) {
    n += l->v & 1;
    l = l->next;
  }
  return n;
}
