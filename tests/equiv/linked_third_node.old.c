// function: third
// expect: NOT EQUIVALENT
// output: return value
// why: `third` reads the value of the third node of a list, two links from its parameter.
//   The old version tests `v > 10`, the new one `v >= 10`: they differ exactly when that
//   node's v is 10, which any caller can pass. The product must give the pointers stored in
//   the nodes objects to point to (a fresh node, or another input node) and report a
//   difference that needs them; before, a stored pointer was free and a difference that
//   needed it to point into an object was UNKNOWN ("may not be real").
struct node { struct node *next; int v; };
int third(const struct node *n) {
  if (n->next == 0 || n->next->next == 0) return -1;
  return n->next->next->v > 10;
}
