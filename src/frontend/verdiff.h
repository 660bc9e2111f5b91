/* verdiff.h — the verification API, force-included before every file verdiff reads.
 *
 * SV-COMP, ESBMC and CBMC spellings are all accepted. Declarations here only give types to the
 * API; a program may declare the same functions itself (a later declaration in the program wins).
 * nondet_X()/__VERIFIER_nondet_X() may also be used without any declaration: the name gives the
 * type.
 */
#ifndef VERDIFF_H
#define VERDIFF_H 1

void __VERIFIER_assume(int cond);
void __ESBMC_assume(_Bool cond);
void __CPROVER_assume(_Bool cond);
void __ESBMC_assert(_Bool cond, const char *description);
void __CPROVER_assert(_Bool cond, const char *description);

_Bool __VERIFIER_nondet_bool(void);
char __VERIFIER_nondet_char(void);
unsigned char __VERIFIER_nondet_uchar(void);
short __VERIFIER_nondet_short(void);
unsigned short __VERIFIER_nondet_ushort(void);
int __VERIFIER_nondet_int(void);
unsigned int __VERIFIER_nondet_uint(void);
long __VERIFIER_nondet_long(void);
unsigned long __VERIFIER_nondet_ulong(void);
long long __VERIFIER_nondet_longlong(void);
unsigned long long __VERIFIER_nondet_ulonglong(void);
float __VERIFIER_nondet_float(void);
double __VERIFIER_nondet_double(void);

/* Function contracts (docs/contracts.md): the clauses are read by the front end. */
#define __ESBMC_contract __attribute__((annotate("__ESBMC_contract")))
#define __ESBMC_and(a, b) ((a) & (b))
#define __ESBMC_or(a, b) ((a) | (b))
#define __ESBMC_implies(a, b) ((!(a)) | (b))
void __ESBMC_loop_invariant(_Bool cond);

/* glibc's <ctype.h> then declares isalpha() & co. as functions instead of macros that read its
   class table at the argument: the C library models (src/models/libc/ctype.c) compute the same
   values with range tests, which the solver decides far faster than a table read at a symbolic
   index (one case per table entry). */
#define __NO_CTYPE 1

/* GNU 128-bit integers (the front end rewrites `__int128` to these names). */
typedef long long __verdiff_int128;
typedef unsigned long long __verdiff_uint128;

#endif
