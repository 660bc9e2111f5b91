struct node { struct node *next; int v; };
void mark(struct node *n) {
  if (n->next) n->next->v = 2;
}
