#include <stdlib.h>
struct node { struct node *next; int v; };
int drop_next(struct node *n) {
  struct node *m = n->next;
  if (!m) return 0;
  n->next = NULL;
  free(m);
  return 1;
}
