// function: mark
// expect: NOT EQUIVALENT
// output: n_object[0].next
// why: `mark` writes 1 (old) or 2 (new) into the node its argument's `next` points to. A
//   caller with a two-node list sees the second node's v differ, so the object behind the
//   stored pointer is an output of the comparison like the parameter's own object.
struct node { struct node *next; int v; };
void mark(struct node *n) {
  if (n->next) n->next->v = 1;
}
