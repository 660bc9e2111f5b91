#include <stdlib.h>
struct node { struct node *next; int v; };
int drop_next(struct node *n) {
  if (n->next == NULL) return 0;
  free(n->next);

  return 1;
}
