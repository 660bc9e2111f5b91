unsigned checksum(unsigned seed) {
  unsigned sum = 0;
  for (int i = 0; i < 40; i++)
    sum += (unsigned)i * 2654435761u;
  return sum + seed;
}
