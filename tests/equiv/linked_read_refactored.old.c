// function: twice
// expect: EQUIVALENT
// why: both versions return -1 for a node without a successor and twice the successor's v
//   otherwise (`m->v * 2` and `n->next->v + n->next->v` overflow for the same values, where
//   both are undefined). The objects the product builds behind stored pointers are the same
//   for both versions, so reading through them shows no difference that is not there.
struct node { struct node *next; int v; };
int twice(const struct node *n) {
  const struct node *m = n->next;
  if (!m) return -1;
  return m->v * 2;
}
