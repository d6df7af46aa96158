/* The reference's conversion of PADDING's FLOAT value (D4), written independently of
 * src/scalar.c: arithmetic on doubles and long doubles instead of bit manipulation. */
#include <math.h>
#include <string.h>

#include "reference.h"

/* FLOAT16 bits by rounding the magnitude with rint() (round-to-nearest-even by default). */
static uint64_t ref_half(float value)
{
    uint32_t bits;
    memcpy(&bits, &value, sizeof(bits));
    uint32_t sign = signbit(value) ? 0x8000 : 0;
    if (isnan(value))
        return sign | 0x7e00 | ((bits >> 13) & 0x3ff);
    double magnitude = fabs((double)value);
    if (magnitude >=
        65520.0) /* halfway between 65504 (largest half) and 65536 rounds to even: up */
        return sign | 0x7c00;
    if (magnitude < ldexp(1.0, -14)) /* subnormal: multiples of 2^-24 */
        return sign | (uint32_t)rint(ldexp(magnitude, 24));
    int exponent;
    frexp(magnitude, &exponent);
    --exponent; /* magnitude in [2^exponent, 2^(exponent+1)) */
    double significand = rint(ldexp(magnitude, 10 - exponent)); /* in [1024, 2048] */
    if (significand == 2048.0)
    {
        ++exponent;
        significand = 1024.0;
    }
    return sign | (uint32_t)(exponent + 15) << 10 | ((uint32_t)significand - 1024);
}

struct ref_int_range
{
    DML_TENSOR_DATA_TYPE type;
    long double lo, hi;
};

static const struct ref_int_range ref_int_ranges[] = {
    {DML_TENSOR_DATA_TYPE_INT8, -128.0L, 127.0L},
    {DML_TENSOR_DATA_TYPE_INT16, -32768.0L, 32767.0L},
    {DML_TENSOR_DATA_TYPE_INT32, -2147483648.0L, 2147483647.0L},
    {DML_TENSOR_DATA_TYPE_INT64, -9223372036854775808.0L, 9223372036854775807.0L},
    {DML_TENSOR_DATA_TYPE_UINT8, 0.0L, 255.0L},
    {DML_TENSOR_DATA_TYPE_UINT16, 0.0L, 65535.0L},
    {DML_TENSOR_DATA_TYPE_UINT32, 0.0L, 4294967295.0L},
    {DML_TENSOR_DATA_TYPE_UINT64, 0.0L, 18446744073709551615.0L},
};

/* Truncate, clamp, NaN to 0; the result's low bytes are the two's complement bits. */
static uint64_t ref_integer(float value, const struct ref_int_range *range)
{
    if (isnan(value))
        return 0;
    long double t = truncl((long double)value);
    if (t < range->lo)
        t = range->lo;
    if (t > range->hi)
        t = range->hi;
    uint64_t bits = t < 0 ? (uint64_t)(int64_t)t : (uint64_t)t;
    uint32_t bytes = ref_element_size(range->type);
    return bytes == 8 ? bits : bits & ((UINT64_C(1) << (8 * bytes)) - 1);
}

uint64_t ref_float_to_element(float value, DML_TENSOR_DATA_TYPE type)
{
    uint64_t bits = 0;
    double wide = value;
    switch (type)
    {
    case DML_TENSOR_DATA_TYPE_FLOAT16:
        return ref_half(value);
    case DML_TENSOR_DATA_TYPE_FLOAT32:
        memcpy(&bits, &value, sizeof(value));
        return bits;
    case DML_TENSOR_DATA_TYPE_FLOAT64:
        memcpy(&bits, &wide, sizeof(wide));
        return bits;
    default:
        break;
    }
    for (size_t i = 0; i < sizeof(ref_int_ranges) / sizeof(ref_int_ranges[0]); ++i)
    {
        if (ref_int_ranges[i].type == type)
            return ref_integer(value, &ref_int_ranges[i]);
    }
    return 0;
}
