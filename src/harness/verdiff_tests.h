/* verdiff: models of unit-test frameworks for verification harnesses.
 *
 * Force-included before a test file. It defines the include guards of Unity, cmocka,
 * Check and CUnit so that their real headers (vendored or installed) become empty, and
 * defines their assertion macros as verification claims: a failing test assertion is a
 * violated claim whose text is the assertion as written. Runner functions (RUN_TEST,
 * cmocka_run_group_tests, srunner_run_all, CU_basic_run_tests, ...) do nothing: verdiff
 * verifies each test function on its own. Nothing here is ever compiled or run. */
#ifndef VERDIFF_TESTS_H
#define VERDIFF_TESTS_H

#define UNITY_FRAMEWORK_H 1
#define UNITY_INTERNALS_H 1
#define CMOCKA_H_ 1
#define CHECK_H 1
#define CUNIT_CUNIT_H_SEEN 1
#define CUNIT_BASIC_H_SEEN 1
#define CUNIT_TESTDB_H_SEEN 1
#define CUNIT_AUTOMATED_H_SEEN 1
#define CU_TESTRUN_H_SEEN 1

/* what the frameworks' own headers bring in (Unity's unity_internals.h, check.h): tests use
 * NULL, size_t and the fixed-width types without including them */
#include <stddef.h>
#include <stdint.h>

int strcmp(const char *, const char *);
int memcmp(const void *, const void *, unsigned long);
double fabs(double);

#define __VD_CHECK(cond, text) __ESBMC_assert((cond) ? 1 : 0, text)
#define __VD_ARRAY_EQ(e, a, n) __extension__({ int __vd_ok = 1; for (int __vd_i = 0; __vd_i < (int)(n); __vd_i++) if ((e)[__vd_i] != (a)[__vd_i]) __vd_ok = 0; __vd_ok; })
#define __VD_WITHIN(d, e, a) ((((a) >= (e)) ? ((a) - (e)) : ((e) - (a))) <= (d))

/* ---- Unity ---- */
#define TEST_PROTECT() 1
#define TEST_ABORT() return
#define UNITY_BEGIN() 0
#define UNITY_END() 0
#define RUN_TEST(f, ...) ((void)0)
#define TEST_PASS() return
#define TEST_PASS_MESSAGE(m) return
#define TEST_IGNORE() return
#define TEST_IGNORE_MESSAGE(m) return
#define TEST_FAIL() __VD_CHECK(0, "TEST_FAIL()")
#define TEST_FAIL_MESSAGE(m) __VD_CHECK(0, "TEST_FAIL_MESSAGE(" #m ")")
#define TEST_MESSAGE(m) ((void)0)
#define TEST_ASSERT(c) __VD_CHECK(c, "TEST_ASSERT(" #c ")")
#define TEST_ASSERT_TRUE(c) __VD_CHECK(c, "TEST_ASSERT_TRUE(" #c ")")
#define TEST_ASSERT_UNLESS(c) __VD_CHECK(!(c), "TEST_ASSERT_UNLESS(" #c ")")
#define TEST_ASSERT_FALSE(c) __VD_CHECK(!(c), "TEST_ASSERT_FALSE(" #c ")")
#define TEST_ASSERT_NULL(p) __VD_CHECK((p) == 0, "TEST_ASSERT_NULL(" #p ")")
#define TEST_ASSERT_NOT_NULL(p) __VD_CHECK((p) != 0, "TEST_ASSERT_NOT_NULL(" #p ")")
#define TEST_ASSERT_EMPTY(p) __VD_CHECK((p)[0] == 0, "TEST_ASSERT_EMPTY(" #p ")")
#define TEST_ASSERT_NOT_EMPTY(p) __VD_CHECK((p)[0] != 0, "TEST_ASSERT_NOT_EMPTY(" #p ")")
#define __VD_U_EQ(name, e, a) __VD_CHECK((e) == (a), name "(" #e ", " #a ")")
#define TEST_ASSERT_EQUAL(e, a) __VD_U_EQ("TEST_ASSERT_EQUAL", e, a)
#define TEST_ASSERT_EQUAL_INT(e, a) __VD_U_EQ("TEST_ASSERT_EQUAL_INT", (int)(e), (int)(a))
#define TEST_ASSERT_EQUAL_INT8(e, a) __VD_U_EQ("TEST_ASSERT_EQUAL_INT8", (signed char)(e), (signed char)(a))
#define TEST_ASSERT_EQUAL_INT16(e, a) __VD_U_EQ("TEST_ASSERT_EQUAL_INT16", (short)(e), (short)(a))
#define TEST_ASSERT_EQUAL_INT32(e, a) __VD_U_EQ("TEST_ASSERT_EQUAL_INT32", (int)(e), (int)(a))
#define TEST_ASSERT_EQUAL_INT64(e, a) __VD_U_EQ("TEST_ASSERT_EQUAL_INT64", (long long)(e), (long long)(a))
#define TEST_ASSERT_EQUAL_UINT(e, a) __VD_U_EQ("TEST_ASSERT_EQUAL_UINT", (unsigned)(e), (unsigned)(a))
#define TEST_ASSERT_EQUAL_UINT8(e, a) __VD_U_EQ("TEST_ASSERT_EQUAL_UINT8", (unsigned char)(e), (unsigned char)(a))
#define TEST_ASSERT_EQUAL_UINT16(e, a) __VD_U_EQ("TEST_ASSERT_EQUAL_UINT16", (unsigned short)(e), (unsigned short)(a))
#define TEST_ASSERT_EQUAL_UINT32(e, a) __VD_U_EQ("TEST_ASSERT_EQUAL_UINT32", (unsigned)(e), (unsigned)(a))
#define TEST_ASSERT_EQUAL_UINT64(e, a) __VD_U_EQ("TEST_ASSERT_EQUAL_UINT64", (unsigned long long)(e), (unsigned long long)(a))
#define TEST_ASSERT_EQUAL_HEX(e, a) __VD_U_EQ("TEST_ASSERT_EQUAL_HEX", (unsigned)(e), (unsigned)(a))
#define TEST_ASSERT_EQUAL_HEX8(e, a) __VD_U_EQ("TEST_ASSERT_EQUAL_HEX8", (unsigned char)(e), (unsigned char)(a))
#define TEST_ASSERT_EQUAL_HEX16(e, a) __VD_U_EQ("TEST_ASSERT_EQUAL_HEX16", (unsigned short)(e), (unsigned short)(a))
#define TEST_ASSERT_EQUAL_HEX32(e, a) __VD_U_EQ("TEST_ASSERT_EQUAL_HEX32", (unsigned)(e), (unsigned)(a))
#define TEST_ASSERT_EQUAL_CHAR(e, a) __VD_U_EQ("TEST_ASSERT_EQUAL_CHAR", (char)(e), (char)(a))
#define TEST_ASSERT_EQUAL_size_t(e, a) __VD_U_EQ("TEST_ASSERT_EQUAL_size_t", (unsigned long)(e), (unsigned long)(a))
#define TEST_ASSERT_EQUAL_PTR(e, a) __VD_U_EQ("TEST_ASSERT_EQUAL_PTR", (const void *)(e), (const void *)(a))
#define TEST_ASSERT_POINTERS_EQUAL(e, a) __VD_U_EQ("TEST_ASSERT_POINTERS_EQUAL", (const void *)(e), (const void *)(a))
#define TEST_ASSERT_BYTES_EQUAL(e, a) __VD_U_EQ("TEST_ASSERT_BYTES_EQUAL", (unsigned char)(e), (unsigned char)(a))
#define TEST_ASSERT_EQUAL_UINT16_ARRAY(e, a, n) __VD_CHECK(__VD_ARRAY_EQ(e, a, n), "TEST_ASSERT_EQUAL_UINT16_ARRAY(" #e ", " #a ", " #n ")")
#define TEST_ASSERT_EQUAL_UINT32_ARRAY(e, a, n) __VD_CHECK(__VD_ARRAY_EQ(e, a, n), "TEST_ASSERT_EQUAL_UINT32_ARRAY(" #e ", " #a ", " #n ")")
#define TEST_ASSERT_NOT_EQUAL(e, a) __VD_CHECK((e) != (a), "TEST_ASSERT_NOT_EQUAL(" #e ", " #a ")")
#define TEST_ASSERT_NOT_EQUAL_INT(e, a) __VD_CHECK((int)(e) != (int)(a), "TEST_ASSERT_NOT_EQUAL_INT(" #e ", " #a ")")
#define TEST_ASSERT_GREATER_THAN(t, a) __VD_CHECK((a) > (t), "TEST_ASSERT_GREATER_THAN(" #t ", " #a ")")
#define TEST_ASSERT_GREATER_THAN_INT(t, a) __VD_CHECK((int)(a) > (int)(t), "TEST_ASSERT_GREATER_THAN_INT(" #t ", " #a ")")
#define TEST_ASSERT_LESS_THAN(t, a) __VD_CHECK((a) < (t), "TEST_ASSERT_LESS_THAN(" #t ", " #a ")")
#define TEST_ASSERT_LESS_THAN_INT(t, a) __VD_CHECK((int)(a) < (int)(t), "TEST_ASSERT_LESS_THAN_INT(" #t ", " #a ")")
#define TEST_ASSERT_GREATER_OR_EQUAL(t, a) __VD_CHECK((a) >= (t), "TEST_ASSERT_GREATER_OR_EQUAL(" #t ", " #a ")")
#define TEST_ASSERT_GREATER_OR_EQUAL_INT(t, a) __VD_CHECK((int)(a) >= (int)(t), "TEST_ASSERT_GREATER_OR_EQUAL_INT(" #t ", " #a ")")
#define TEST_ASSERT_LESS_OR_EQUAL(t, a) __VD_CHECK((a) <= (t), "TEST_ASSERT_LESS_OR_EQUAL(" #t ", " #a ")")
#define TEST_ASSERT_LESS_OR_EQUAL_INT(t, a) __VD_CHECK((int)(a) <= (int)(t), "TEST_ASSERT_LESS_OR_EQUAL_INT(" #t ", " #a ")")
#define TEST_ASSERT_INT_WITHIN(d, e, a) __VD_CHECK(__VD_WITHIN((long long)(d), (long long)(e), (long long)(a)), "TEST_ASSERT_INT_WITHIN(" #d ", " #e ", " #a ")")
#define TEST_ASSERT_UINT_WITHIN(d, e, a) __VD_CHECK(__VD_WITHIN((unsigned long long)(d), (unsigned long long)(e), (unsigned long long)(a)), "TEST_ASSERT_UINT_WITHIN(" #d ", " #e ", " #a ")")
#define TEST_ASSERT_FLOAT_WITHIN(d, e, a) __VD_CHECK(fabs((double)(a) - (double)(e)) <= (double)(d), "TEST_ASSERT_FLOAT_WITHIN(" #d ", " #e ", " #a ")")
#define TEST_ASSERT_DOUBLE_WITHIN(d, e, a) __VD_CHECK(fabs((double)(a) - (double)(e)) <= (double)(d), "TEST_ASSERT_DOUBLE_WITHIN(" #d ", " #e ", " #a ")")
#define TEST_ASSERT_EQUAL_FLOAT(e, a) __VD_CHECK(fabs((double)(a) - (double)(e)) <= 0.00001 * fabs((double)(e)), "TEST_ASSERT_EQUAL_FLOAT(" #e ", " #a ")")
#define TEST_ASSERT_EQUAL_DOUBLE(e, a) __VD_CHECK(fabs((double)(a) - (double)(e)) <= 1e-12 * fabs((double)(e)), "TEST_ASSERT_EQUAL_DOUBLE(" #e ", " #a ")")
#define TEST_ASSERT_EQUAL_STRING(e, a) __VD_CHECK(strcmp((e), (a)) == 0, "TEST_ASSERT_EQUAL_STRING(" #e ", " #a ")")
#define TEST_ASSERT_EQUAL_MEMORY(e, a, n) __VD_CHECK(memcmp((e), (a), (n)) == 0, "TEST_ASSERT_EQUAL_MEMORY(" #e ", " #a ", " #n ")")
#define TEST_ASSERT_EQUAL_INT_ARRAY(e, a, n) __VD_CHECK(__VD_ARRAY_EQ(e, a, n), "TEST_ASSERT_EQUAL_INT_ARRAY(" #e ", " #a ", " #n ")")
#define TEST_ASSERT_EQUAL_UINT8_ARRAY(e, a, n) __VD_CHECK(__VD_ARRAY_EQ(e, a, n), "TEST_ASSERT_EQUAL_UINT8_ARRAY(" #e ", " #a ", " #n ")")
#define TEST_ASSERT_EQUAL_CHAR_ARRAY(e, a, n) __VD_CHECK(__VD_ARRAY_EQ(e, a, n), "TEST_ASSERT_EQUAL_CHAR_ARRAY(" #e ", " #a ", " #n ")")
/* _MESSAGE variants: the message is not part of the claim */
#define TEST_ASSERT_MESSAGE(c, m) TEST_ASSERT(c)
#define TEST_ASSERT_TRUE_MESSAGE(c, m) TEST_ASSERT_TRUE(c)
#define TEST_ASSERT_FALSE_MESSAGE(c, m) TEST_ASSERT_FALSE(c)
#define TEST_ASSERT_NULL_MESSAGE(p, m) TEST_ASSERT_NULL(p)
#define TEST_ASSERT_NOT_NULL_MESSAGE(p, m) TEST_ASSERT_NOT_NULL(p)
#define TEST_ASSERT_EQUAL_MESSAGE(e, a, m) TEST_ASSERT_EQUAL(e, a)
#define TEST_ASSERT_EQUAL_INT_MESSAGE(e, a, m) TEST_ASSERT_EQUAL_INT(e, a)
#define TEST_ASSERT_EQUAL_UINT_MESSAGE(e, a, m) TEST_ASSERT_EQUAL_UINT(e, a)
#define TEST_ASSERT_EQUAL_STRING_MESSAGE(e, a, m) TEST_ASSERT_EQUAL_STRING(e, a)
#define TEST_ASSERT_EQUAL_MEMORY_MESSAGE(e, a, n, m) TEST_ASSERT_EQUAL_MEMORY(e, a, n)
#define TEST_ASSERT_EQUAL_INT_ARRAY_MESSAGE(e, a, n, m) TEST_ASSERT_EQUAL_INT_ARRAY(e, a, n)

/* ---- Unity fixture (unity_fixture.h): TEST(group, name) ---- */
#define UNITY_FIXTURE_H_ 1
#define TEST_GROUP(group) static const int TEST_GROUP_##group##_marker = 0
#define TEST_SETUP(group) void TEST_##group##_SETUP(void)
#define TEST_TEAR_DOWN(group) void TEST_##group##_TEAR_DOWN(void)
#define TEST(group, name) void TEST_##group##_##name##_(void)
#define IGNORE_TEST(group, name) void IGNORE_TEST_##group##_##name##_(void)
#define TEST_GROUP_RUNNER(group) void TEST_##group##_GROUP_RUNNER(void)
#define RUN_TEST_CASE(group, name) ((void)0)
#define RUN_TEST_GROUP(group) ((void)0)
#define UnityMain(argc, argv, f) ((void)(argc), (void)(argv), 0)

/* ---- cmocka ---- */
struct CMUnitTest { const char *name; void (*test_func)(void **); void *setup_func; void *teardown_func; void *initial_state; };
#define cmocka_unit_test(f) { #f, f, 0, 0, 0 }
#define cmocka_unit_test_setup_teardown(f, s, t) { #f, f, 0, 0, 0 }
#define cmocka_run_group_tests(tests, s, t) ((void)(tests), 0)
#define cmocka_run_group_tests_name(n, tests, s, t) ((void)(tests), 0)
#define assert_true(c) __VD_CHECK(c, "assert_true(" #c ")")
#define assert_false(c) __VD_CHECK(!(c), "assert_false(" #c ")")
#define assert_int_equal(a, b) __VD_CHECK((long long)(a) == (long long)(b), "assert_int_equal(" #a ", " #b ")")
#define assert_int_not_equal(a, b) __VD_CHECK((long long)(a) != (long long)(b), "assert_int_not_equal(" #a ", " #b ")")
#define assert_uint_equal(a, b) __VD_CHECK((unsigned long long)(a) == (unsigned long long)(b), "assert_uint_equal(" #a ", " #b ")")
#define assert_string_equal(a, b) __VD_CHECK(strcmp((a), (b)) == 0, "assert_string_equal(" #a ", " #b ")")
#define assert_string_not_equal(a, b) __VD_CHECK(strcmp((a), (b)) != 0, "assert_string_not_equal(" #a ", " #b ")")
#define assert_memory_equal(a, b, n) __VD_CHECK(memcmp((a), (b), (n)) == 0, "assert_memory_equal(" #a ", " #b ", " #n ")")
#define assert_memory_not_equal(a, b, n) __VD_CHECK(memcmp((a), (b), (n)) != 0, "assert_memory_not_equal(" #a ", " #b ", " #n ")")
#define assert_null(p) __VD_CHECK((p) == 0, "assert_null(" #p ")")
#define assert_non_null(p) __VD_CHECK((p) != 0, "assert_non_null(" #p ")")
#define assert_ptr_equal(a, b) __VD_CHECK((const void *)(a) == (const void *)(b), "assert_ptr_equal(" #a ", " #b ")")
#define assert_ptr_not_equal(a, b) __VD_CHECK((const void *)(a) != (const void *)(b), "assert_ptr_not_equal(" #a ", " #b ")")
#define assert_in_range(v, lo, hi) __VD_CHECK((lo) <= (v) && (v) <= (hi), "assert_in_range(" #v ", " #lo ", " #hi ")")
#define assert_not_in_range(v, lo, hi) __VD_CHECK((v) < (lo) || (hi) < (v), "assert_not_in_range(" #v ", " #lo ", " #hi ")")
#define assert_return_code(rc, e) __VD_CHECK((rc) >= 0, "assert_return_code(" #rc ")")
#define fail() __VD_CHECK(0, "fail()")
#define fail_msg(...) __VD_CHECK(0, "fail_msg()")
#define skip() return

/* ---- Check ---- */
typedef struct __vd_suite Suite;
typedef struct __vd_tcase TCase;
typedef struct __vd_srunner SRunner;
#define CK_NORMAL 0
#define CK_VERBOSE 1
#define CK_SILENT 2
#define START_TEST(name) static void name(int _i)
#define END_TEST
#define suite_create(n) ((Suite *)0)
#define tcase_create(n) ((TCase *)0)
#define tcase_add_test(tc, f) ((void)(tc), (void)(f))
#define tcase_add_checked_fixture(tc, s, t) ((void)(tc))
#define suite_add_tcase(s, tc) ((void)(s), (void)(tc))
#define srunner_create(s) ((SRunner *)0)
#define srunner_run_all(r, m) ((void)(r))
#define srunner_ntests_failed(r) 0
#define srunner_free(r) ((void)(r))
#define ck_assert(c) __VD_CHECK(c, "ck_assert(" #c ")")
#define ck_assert_msg(c, ...) __VD_CHECK(c, "ck_assert_msg(" #c ")")
#define ck_abort() __VD_CHECK(0, "ck_abort()")
#define ck_abort_msg(...) __VD_CHECK(0, "ck_abort_msg()")
#define fail_unless(c, ...) __VD_CHECK(c, "fail_unless(" #c ")")
#define fail_if(c, ...) __VD_CHECK(!(c), "fail_if(" #c ")")
#define __VD_CK(op, name, a, b) __VD_CHECK((a) op (b), name "(" #a ", " #b ")")
#define ck_assert_int_eq(a, b) __VD_CK(==, "ck_assert_int_eq", (long long)(a), (long long)(b))
#define ck_assert_int_ne(a, b) __VD_CK(!=, "ck_assert_int_ne", (long long)(a), (long long)(b))
#define ck_assert_int_lt(a, b) __VD_CK(<, "ck_assert_int_lt", (long long)(a), (long long)(b))
#define ck_assert_int_le(a, b) __VD_CK(<=, "ck_assert_int_le", (long long)(a), (long long)(b))
#define ck_assert_int_gt(a, b) __VD_CK(>, "ck_assert_int_gt", (long long)(a), (long long)(b))
#define ck_assert_int_ge(a, b) __VD_CK(>=, "ck_assert_int_ge", (long long)(a), (long long)(b))
#define ck_assert_uint_eq(a, b) __VD_CK(==, "ck_assert_uint_eq", (unsigned long long)(a), (unsigned long long)(b))
#define ck_assert_uint_ne(a, b) __VD_CK(!=, "ck_assert_uint_ne", (unsigned long long)(a), (unsigned long long)(b))
#define ck_assert_str_eq(a, b) __VD_CHECK(strcmp((a), (b)) == 0, "ck_assert_str_eq(" #a ", " #b ")")
#define ck_assert_str_ne(a, b) __VD_CHECK(strcmp((a), (b)) != 0, "ck_assert_str_ne(" #a ", " #b ")")
#define ck_assert_ptr_eq(a, b) __VD_CHECK((const void *)(a) == (const void *)(b), "ck_assert_ptr_eq(" #a ", " #b ")")
#define ck_assert_ptr_ne(a, b) __VD_CHECK((const void *)(a) != (const void *)(b), "ck_assert_ptr_ne(" #a ", " #b ")")
#define ck_assert_ptr_null(p) __VD_CHECK((p) == 0, "ck_assert_ptr_null(" #p ")")
#define ck_assert_ptr_nonnull(p) __VD_CHECK((p) != 0, "ck_assert_ptr_nonnull(" #p ")")

/* ---- CUnit ---- */
typedef struct __vd_cu_suite *CU_pSuite;
typedef struct __vd_cu_test *CU_pTest;
typedef int CU_ErrorCode;
#define CUE_SUCCESS 0
#define CU_BRM_VERBOSE 2
#define CU_BRM_NORMAL 1
#define CU_BRM_SILENT 0
#define CU_initialize_registry() 0
#define CU_cleanup_registry() ((void)0)
#define CU_get_error() 0
#define CU_add_suite(n, i, c) ((CU_pSuite)1)
#define CU_add_test(s, n, f) ((void)(f), (CU_pTest)1)
#define CU_basic_set_mode(m) ((void)0)
#define CU_basic_run_tests() 0
#define CU_automated_run_tests() ((void)0)
#define CU_get_number_of_failures() 0
#define CU_ASSERT(c) __VD_CHECK(c, "CU_ASSERT(" #c ")")
#define CU_ASSERT_FATAL(c) __VD_CHECK(c, "CU_ASSERT_FATAL(" #c ")")
#define CU_TEST(c) __VD_CHECK(c, "CU_TEST(" #c ")")
#define CU_ASSERT_TRUE(c) __VD_CHECK(c, "CU_ASSERT_TRUE(" #c ")")
#define CU_ASSERT_FALSE(c) __VD_CHECK(!(c), "CU_ASSERT_FALSE(" #c ")")
#define CU_ASSERT_EQUAL(a, b) __VD_CHECK((a) == (b), "CU_ASSERT_EQUAL(" #a ", " #b ")")
#define CU_ASSERT_EQUAL_FATAL(a, b) __VD_CHECK((a) == (b), "CU_ASSERT_EQUAL_FATAL(" #a ", " #b ")")
#define CU_ASSERT_NOT_EQUAL(a, b) __VD_CHECK((a) != (b), "CU_ASSERT_NOT_EQUAL(" #a ", " #b ")")
#define CU_ASSERT_PTR_EQUAL(a, b) __VD_CHECK((const void *)(a) == (const void *)(b), "CU_ASSERT_PTR_EQUAL(" #a ", " #b ")")
#define CU_ASSERT_PTR_NULL(p) __VD_CHECK((p) == 0, "CU_ASSERT_PTR_NULL(" #p ")")
#define CU_ASSERT_PTR_NOT_NULL(p) __VD_CHECK((p) != 0, "CU_ASSERT_PTR_NOT_NULL(" #p ")")
#define CU_ASSERT_STRING_EQUAL(a, b) __VD_CHECK(strcmp((a), (b)) == 0, "CU_ASSERT_STRING_EQUAL(" #a ", " #b ")")
#define CU_ASSERT_STRING_NOT_EQUAL(a, b) __VD_CHECK(strcmp((a), (b)) != 0, "CU_ASSERT_STRING_NOT_EQUAL(" #a ", " #b ")")
#define CU_ASSERT_DOUBLE_EQUAL(a, b, g) __VD_CHECK(fabs((double)(a) - (double)(b)) <= fabs((double)(g)), "CU_ASSERT_DOUBLE_EQUAL(" #a ", " #b ", " #g ")")
#define CU_PASS(m) ((void)0)
#define CU_FAIL(m) __VD_CHECK(0, "CU_FAIL(" #m ")")
#define CU_FAIL_FATAL(m) __VD_CHECK(0, "CU_FAIL_FATAL(" #m ")")

#endif
