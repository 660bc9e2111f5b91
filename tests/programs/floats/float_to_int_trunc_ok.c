// expect: SUCCESSFUL
// why: conversion from floating to integer truncates toward zero: 3.99 -> 3, -3.99 -> -3,
//   2.5f -> 2, 200.7 -> 200 (fits unsigned char). k / 2 is an int division (3) converted to
//   3.0 afterwards, while k / 2.0 is a double division (3.5). All values in range.
#include <assert.h>

int main(void) {
  double x = 3.99, y = -3.99;
  assert((int)x == 3);
  assert((int)y == -3);
  float h = 2.5f;
  assert((int)h == 2);
  unsigned char c = (unsigned char)200.7;
  assert(c == 200);
  int k = 7;
  double q = k / 2;
  double r = k / 2.0;
  assert(q == 3.0 && r == 3.5);
  return 0;
}
