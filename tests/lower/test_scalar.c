/* The padding value's conversion to element bits (D4, D5): fixed cases for every type, and
 * a sweep comparing src/scalar.c with the reference's independent conversion. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "reference.h"
#include "scalar.h"

static uint64_t from_float(float value, DML_TENSOR_DATA_TYPE type)
{
    DML_SCALAR_UNION scalar = {.Float32 = value};
    return dml_scalar_to_element_bits(DML_TENSOR_DATA_TYPE_FLOAT32, &scalar, type);
}

static float float_of_bits(uint32_t bits)
{
    float value;
    memcpy(&value, &bits, sizeof(value));
    return value;
}

struct float_case
{
    float value;
    uint64_t bits;
};

static void check_cases(DML_TENSOR_DATA_TYPE type, const struct float_case *cases, size_t count)
{
    for (size_t i = 0; i < count; ++i)
    {
        uint64_t got = from_float(cases[i].value, type);
        if (got != cases[i].bits)
            fail_msg("type %d value %.9g: got 0x%llx, expected 0x%llx", (int)type, cases[i].value,
                     (unsigned long long)got, (unsigned long long)cases[i].bits);
    }
}

#define CHECK(type, cases)                                                                         \
    check_cases(DML_TENSOR_DATA_TYPE_##type, cases, sizeof(cases) / sizeof(cases[0]))

static void test_half_rounding(void **state)
{
    const struct float_case cases[] = {
        {1.0f, 0x3c00},
        {-2.0f, 0xc000},
        {0.1f, 0x2e66},
        {1.0f + 0x1p-11f, 0x3c00},            /* tie: to even (down) */
        {1.0f + 3 * 0x1p-11f, 0x3c02},        /* tie: to even (up) */
        {1.0f + 0x1p-11f + 0x1p-20f, 0x3c01}, /* above the tie */
        {65504.0f, 0x7bff},
        {65519.0f, 0x7bff},
        {65520.0f, 0x7c00}, /* tie between the largest half and 2^16: even is infinity */
        {1e10f, 0x7c00},
        {-1e10f, 0xfc00},
        {INFINITY, 0x7c00},
        {-INFINITY, 0xfc00},
        {0.0f, 0x0000},
        {-0.0f, 0x8000},
    };
    CHECK(FLOAT16, cases);
}

static void test_half_subnormals(void **state)
{
    const struct float_case cases[] = {
        {0x1p-14f, 0x0400},        /* smallest normal */
        {0x1p-24f, 0x0001},        /* smallest subnormal */
        {1023 * 0x1p-24f, 0x03ff}, /* largest subnormal */
        {0x1p-25f, 0x0000},        /* tie between 0 and 2^-24: even is 0 */
        {-0x1p-25f, 0x8000},
        {3 * 0x1p-26f, 0x0001},        /* 0.75 units */
        {3 * 0x1p-25f, 0x0002},        /* tie between 1 and 2 units: 2 */
        {5 * 0x1p-25f, 0x0002},        /* tie between 2 and 3 units: 2 */
        {0x1p-14f - 0x1p-26f, 0x0400}, /* rounds up into the normals */
        {1e-30f, 0x0000},
        {float_of_bits(0x00000001), 0x0000}, /* float subnormal */
    };
    CHECK(FLOAT16, cases);
}

static void test_half_nan(void **state)
{
    assert_int_equal(from_float(NAN, DML_TENSOR_DATA_TYPE_FLOAT16) & 0x7fff, 0x7e00);
    assert_int_equal(from_float(float_of_bits(0x7f800001), DML_TENSOR_DATA_TYPE_FLOAT16),
                     0x7e00); /* quieted */
    assert_int_equal(from_float(float_of_bits(0xffc02000), DML_TENSOR_DATA_TYPE_FLOAT16),
                     0xfe01); /* sign, payload */
}

static void test_float32_and_float64(void **state)
{
    const struct float_case f32[] = {
        {1.5f, 0x3fc00000}, {-0.0f, 0x80000000}, {float_of_bits(0x7fc12345), 0x7fc12345}};
    CHECK(FLOAT32, f32);
    double wide = 0.1f;
    uint64_t wide_bits;
    memcpy(&wide_bits, &wide, sizeof(wide_bits));
    assert_int_equal(from_float(0.1f, DML_TENSOR_DATA_TYPE_FLOAT64), wide_bits);
    assert_int_equal(wide_bits, UINT64_C(0x3fb99999a0000000));
    assert_int_equal(from_float(-INFINITY, DML_TENSOR_DATA_TYPE_FLOAT64),
                     UINT64_C(0xfff0000000000000));
}

static void test_small_integers(void **state)
{
    const struct float_case i8[] = {
        {10.6f, 10},     {-10.6f, 0xf6}, {127.9f, 127},   {128.0f, 127},     {-128.9f, 0x80},
        {-129.0f, 0x80}, {NAN, 0},       {INFINITY, 127}, {-INFINITY, 0x80}, {-0.5f, 0}};
    const struct float_case u8[] = {{-1.5f, 0}, {255.9f, 255},  {256.0f, 255},
                                    {NAN, 0},   {-INFINITY, 0}, {0.99f, 0}};
    const struct float_case i16[] = {
        {32767.7f, 0x7fff}, {-40000.0f, 0x8000}, {-2.5f, 0xfffe}, {NAN, 0}};
    const struct float_case u16[] = {
        {70000.0f, 0xffff}, {65535.9f, 0xffff}, {1234.5f, 1234}, {-1.0f, 0}};
    CHECK(INT8, i8);
    CHECK(UINT8, u8);
    CHECK(INT16, i16);
    CHECK(UINT16, u16);
}

static void test_wide_integers(void **state)
{
    const struct float_case i32[] = {{2147483648.0f, 0x7fffffff},
                                     {2147483520.0f, 0x7fffff80},
                                     {-2147483904.0f, 0x80000000},
                                     {-2147483648.0f, 0x80000000},
                                     {-7.9f, 0xfffffff9}};
    const struct float_case u32[] = {
        {4294967296.0f, 0xffffffff}, {4294967040.0f, 0xffffff00}, {-3.0f, 0}, {NAN, 0}};
    const struct float_case i64[] = {{0x1p63f, INT64_MAX},
                                     {-0x1p63f, (uint64_t)INT64_MIN},
                                     {0x1p63f - 0x1p39f, UINT64_C(0x7fffff8000000000)},
                                     {-1.5f, UINT64_MAX},
                                     {1e30f, INT64_MAX},
                                     {NAN, 0}};
    const struct float_case u64[] = {{0x1p64f, UINT64_MAX},
                                     {0x1p64f - 0x1p40f, UINT64_C(0xffffff0000000000)},
                                     {-5.0f, 0},
                                     {INFINITY, UINT64_MAX},
                                     {NAN, 0}};
    CHECK(INT32, i32);
    CHECK(UINT32, u32);
    CHECK(INT64, i64);
    CHECK(UINT64, u64);
}

/* PADDING1: the union's bits of the tensor's own type; bytes above it are ignored. */
static void test_padding1_bits(void **state)
{
    DML_SCALAR_UNION value;
    memcpy(value.Bytes, "\x55\x35\xaa\xbb\xcc\xdd\xee\xff", 8);
    assert_int_equal(dml_scalar_to_element_bits(DML_TENSOR_DATA_TYPE_FLOAT16, &value,
                                                DML_TENSOR_DATA_TYPE_FLOAT16),
                     0x3555);
    assert_int_equal(
        dml_scalar_to_element_bits(DML_TENSOR_DATA_TYPE_INT8, &value, DML_TENSOR_DATA_TYPE_INT8),
        0x55);
    assert_int_equal(dml_scalar_to_element_bits(DML_TENSOR_DATA_TYPE_UINT32, &value,
                                                DML_TENSOR_DATA_TYPE_UINT32),
                     0xbbaa3555);
    assert_int_equal(
        dml_scalar_to_element_bits(DML_TENSOR_DATA_TYPE_INT64, &value, DML_TENSOR_DATA_TYPE_INT64),
        UINT64_C(0xffeeddccbbaa3555));
    assert_int_equal(dml_scalar_to_element_bits(DML_TENSOR_DATA_TYPE_FLOAT64, &value,
                                                DML_TENSOR_DATA_TYPE_FLOAT64),
                     UINT64_C(0xffeeddccbbaa3555));
    value.Float32 = NAN;
    assert_int_equal(dml_scalar_to_element_bits(DML_TENSOR_DATA_TYPE_FLOAT32, &value,
                                                DML_TENSOR_DATA_TYPE_FLOAT32),
                     0x7fc00000);
}

static const DML_TENSOR_DATA_TYPE all_types[] = {
    DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_DATA_TYPE_FLOAT16, DML_TENSOR_DATA_TYPE_UINT32,
    DML_TENSOR_DATA_TYPE_UINT16,  DML_TENSOR_DATA_TYPE_UINT8,   DML_TENSOR_DATA_TYPE_INT32,
    DML_TENSOR_DATA_TYPE_INT16,   DML_TENSOR_DATA_TYPE_INT8,    DML_TENSOR_DATA_TYPE_FLOAT64,
    DML_TENSOR_DATA_TYPE_UINT64,  DML_TENSOR_DATA_TYPE_INT64,
};

static void compare_with_reference(uint32_t bits)
{
    float value = float_of_bits(bits);
    for (size_t t = 0; t < sizeof(all_types) / sizeof(all_types[0]); ++t)
    {
        uint64_t got = from_float(value, all_types[t]),
                 want = ref_float_to_element(value, all_types[t]);
        if (got != want)
            fail_msg("float bits 0x%08x to type %d: got 0x%llx, reference 0x%llx", bits,
                     (int)all_types[t], (unsigned long long)got, (unsigned long long)want);
    }
}

/* The value of non-negative finite half bits h. */
static double half_value(uint32_t h)
{
    uint32_t exponent = h >> 10, mantissa = h & 0x3ff;
    return exponent ? ldexp(1024 + mantissa, (int)exponent - 25) : ldexp(mantissa, -24);
}

static void compare_around(float value)
{
    uint32_t bits;
    memcpy(&bits, &value, sizeof(bits));
    for (uint32_t b = bits - (bits > 0); b <= bits + 1; ++b)
    {
        compare_with_reference(b);
        compare_with_reference(b | 0x80000000u);
    }
}

/* A stride through all float bit patterns, and the floats next to every half and to every
 * midpoint between neighbouring halves (where rounding decides). */
static void test_sweep_against_reference(void **state)
{
    for (uint64_t bits = 0; bits <= UINT32_MAX; bits += 4093)
        compare_with_reference((uint32_t)bits);
    for (uint32_t h = 0; h < 0x7c00; ++h)
    {
        compare_around((float)half_value(h));
        compare_around((float)((half_value(h) + half_value(h + 1)) / 2));
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_half_rounding),  cmocka_unit_test(test_half_subnormals),
        cmocka_unit_test(test_half_nan),       cmocka_unit_test(test_float32_and_float64),
        cmocka_unit_test(test_small_integers), cmocka_unit_test(test_wide_integers),
        cmocka_unit_test(test_padding1_bits),  cmocka_unit_test(test_sweep_against_reference),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
