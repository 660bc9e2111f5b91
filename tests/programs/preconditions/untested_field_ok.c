// flags: --function first_char --infer-preconditions
// expect: SUCCESSFUL
// why: first_char reads n->name[0] without testing name, so the caller's node has a name (a
//   pointer stored in the caller's object is NULL only where the function tests it); the
//   node and the name are the caller's objects, whose extents are its business.
struct node { struct node *next; char *name; };

char first_char(const struct node *n) {
  return n->name[0];
}
