struct node { struct node *next; int v; };
int third(const struct node *n) {
  if (n->next == 0 || n->next->next == 0) return -1;
  return n->next->next->v >= 10;
}
