struct item {
  const char *name;
  int count;
};

int weight(struct item *it) {
  return it->count * 2 + (it->count > 100);
}
