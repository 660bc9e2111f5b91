#include <stdio.h>
#include <stdlib.h>
int report(int v) {
  if (v < 0) {
    exit(1);
    printf("negative\n");
  }
  return v;
}
