// flags: --function second --infer-preconditions
// expect: FAILED pointer-null line 12
// why: second tests n->next for NULL on line 10 (so a caller's node may end the list), but
//   when it is NULL it only remembers that and still dereferences next on line 12.
struct node { struct node *next; int v; };

int second(const struct node *n) {
  int last = 0;
  if (n->next == 0)
    last = 1;
  (void)last;
  return n->next->v;
}
