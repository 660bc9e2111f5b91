#include <stdlib.h>
static int last;
static void require(int ok) {
  if (!ok)
    abort();
}
static int check(int k) {
  last = k;
  require(k != 0);
  return k;
}
int scale(int k) {
  return check(k) * 10;
}
