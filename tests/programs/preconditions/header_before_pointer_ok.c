// flags: --function length --infer-preconditions
// expect: SUCCESSFUL
// why: as sds does, the length lives in a header just before the pointer the caller holds;
//   s[-1] and the header read are accesses to the caller's object, whose extent is the
//   caller's business (precondition claims), and the function has no bug of its own.
typedef char *str;

unsigned length(const str s) {
  unsigned char kind = (unsigned char)s[-1];
  if (kind == 1)
    return *(const unsigned char *)(s - 2);
  return 0;
}
