#include <stdlib.h>
int parse(int x) {
  if (x < 0)
    exit(258);
  return 1 + x;
}
