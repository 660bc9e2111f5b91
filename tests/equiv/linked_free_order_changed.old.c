// function: drop_next
// expect: EQUIVALENT
// why: the new version clears `n->next` before freeing the node instead of after; the
//   state a caller sees afterwards (n->next NULL, the node freed, return 1; or 0 for a
//   one-node list) is the same. Freeing a heap object the product built is defined in both
//   runs, which each start from the same objects.
#include <stdlib.h>
struct node { struct node *next; int v; };
int drop_next(struct node *n) {
  if (n->next == NULL) return 0;
  free(n->next);
  n->next = NULL;
  return 1;
}
