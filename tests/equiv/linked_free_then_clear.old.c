// function: drop_next
// expect: NOT EQUIVALENT
// output: n[0].next
// why: both versions free the node after `n` (a caller's list lives on the heap); the old
//   one then clears `n->next`, the new one leaves it dangling. Any caller with a two-node
//   list sees n->next differ: NULL against the freed node's address. The objects the product
//   builds (the parameter's and those behind stored pointers) must be heap objects for
//   `free` to be defined on them; when they were locals, every input that reaches `free`
//   made the old version undefined, and the pair compared EQUIVALENT on the inputs left
//   (n->next NULL), where both return 0.
#include <stdlib.h>
struct node { struct node *next; int v; };
int drop_next(struct node *n) {
  if (n->next == NULL) return 0;
  free(n->next);
  n->next = NULL;
  return 1;
}
