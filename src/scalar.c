#include "scalar.h"

#include <math.h>
#include <string.h>

enum scalar_class
{
    SCALAR_SIGNED,
    SCALAR_UNSIGNED,
    SCALAR_FLOAT,
};

struct scalar_type
{
    uint8_t bytes;
    uint8_t cls; /* enum scalar_class */
};

/* Indexed by DML_TENSOR_DATA_TYPE; bytes 0 marks a type with no element bits. */
static const struct scalar_type scalar_types[] = {
    [DML_TENSOR_DATA_TYPE_FLOAT32] = {4, SCALAR_FLOAT},
    [DML_TENSOR_DATA_TYPE_FLOAT16] = {2, SCALAR_FLOAT},
    [DML_TENSOR_DATA_TYPE_UINT32] = {4, SCALAR_UNSIGNED},
    [DML_TENSOR_DATA_TYPE_UINT16] = {2, SCALAR_UNSIGNED},
    [DML_TENSOR_DATA_TYPE_UINT8] = {1, SCALAR_UNSIGNED},
    [DML_TENSOR_DATA_TYPE_INT32] = {4, SCALAR_SIGNED},
    [DML_TENSOR_DATA_TYPE_INT16] = {2, SCALAR_SIGNED},
    [DML_TENSOR_DATA_TYPE_INT8] = {1, SCALAR_SIGNED},
    [DML_TENSOR_DATA_TYPE_FLOAT64] = {8, SCALAR_FLOAT},
    [DML_TENSOR_DATA_TYPE_UINT64] = {8, SCALAR_UNSIGNED},
    [DML_TENSOR_DATA_TYPE_INT64] = {8, SCALAR_SIGNED},
};

static struct scalar_type scalar_type_of(DML_TENSOR_DATA_TYPE type)
{
    static const struct scalar_type none = {0, SCALAR_UNSIGNED};
    if ((unsigned)type >= sizeof(scalar_types) / sizeof(scalar_types[0]))
        return none;
    return scalar_types[type];
}

/* The low `bytes` bytes of the union, as stored (little-endian host). */
static uint64_t union_bits(const DML_SCALAR_UNION *value, unsigned bytes)
{
    uint64_t bits = 0;
    memcpy(&bits, value->Bytes, bytes);
    return bits;
}

/* value >> shift (shift >= 1), rounded to nearest, ties to even. */
static uint16_t round_shift_even(uint32_t value, unsigned shift)
{
    if (shift > 31)
        return 0; /* value < 2^24 is below half of 2^shift */
    uint32_t kept = value >> shift;
    uint32_t rest = value & ((1u << shift) - 1);
    uint32_t half = 1u << (shift - 1);
    if (rest > half || (rest == half && (kept & 1)))
        ++kept; /* a carry into the exponent field is the correct next value */
    return (uint16_t)kept;
}

uint16_t dml_float_bits_to_half(uint32_t bits)
{
    uint16_t sign = (uint16_t)((bits >> 16) & 0x8000);
    int exponent = (int)((bits >> 23) & 0xff);
    uint32_t mantissa = bits & 0x7fffff;
    if (exponent == 0xff) /* NaN keeps its sign and top payload bits, made quiet */
        return sign | (mantissa ? 0x7e00 | (uint16_t)(mantissa >> 13) : 0x7c00);
    int half_exponent = exponent - 127 + 15;
    if (half_exponent >= 31)
        return sign | 0x7c00;
    if (exponent == 0) /* zero or a float subnormal: far below half of 2^-24 */
        return sign;
    if (half_exponent <= 0) /* a subnormal half counts units of 2^-24 */
        return sign | round_shift_even(mantissa | 0x800000, (unsigned)(14 - half_exponent));
    uint32_t normal = (uint32_t)half_exponent << 23 | mantissa;
    return sign | round_shift_even(normal, 13);
}

/* D4: truncate toward zero, saturate to the type's range, NaN gives 0. The limits are powers
 * of two, exact in a double: -2^(bits-1) is the lowest value, 2^(bits-1) the first too high. */
static uint64_t float_to_signed(double value, unsigned bytes)
{
    double limit = ldexp(1.0, (int)bytes * 8 - 1);
    int64_t max = (int64_t)((UINT64_C(1) << (bytes * 8 - 1)) - 1);
    int64_t result;
    if (isnan(value))
        result = 0;
    else if (value >= limit)
        result = max;
    else if (value <= -limit)
        result = -max - 1;
    else
        result = (int64_t)trunc(value);
    return bytes == 8 ? (uint64_t)result : (uint64_t)result & ((UINT64_C(1) << (bytes * 8)) - 1);
}

/* As float_to_signed, for [0, 2^bits). */
static uint64_t float_to_unsigned(double value, unsigned bytes)
{
    double limit = ldexp(1.0, (int)bytes * 8);
    if (isnan(value) || value <= 0.0)
        return 0;
    if (value >= limit)
        return bytes == 8 ? UINT64_MAX : (UINT64_C(1) << (bytes * 8)) - 1;
    return (uint64_t)trunc(value);
}

/* FLOAT32 to FLOAT16 or FLOAT32 bits. */
static uint64_t float_to_narrow_float(float value, unsigned bytes)
{
    uint32_t bits;
    memcpy(&bits, &value, sizeof(bits));
    return bytes == 2 ? dml_float_bits_to_half(bits) : bits;
}

/* Any other source type: read as a double first (not produced by validation today). */
static double scalar_as_double(DML_TENSOR_DATA_TYPE type, const DML_SCALAR_UNION *value)
{
    switch (type)
    {
    case DML_TENSOR_DATA_TYPE_FLOAT32:
        return value->Float32;
    case DML_TENSOR_DATA_TYPE_FLOAT64:
        return value->Float64;
    case DML_TENSOR_DATA_TYPE_UINT8:
        return value->UInt8;
    case DML_TENSOR_DATA_TYPE_UINT16:
        return value->UInt16;
    case DML_TENSOR_DATA_TYPE_UINT32:
        return value->UInt32;
    case DML_TENSOR_DATA_TYPE_UINT64:
        return (double)value->UInt64;
    case DML_TENSOR_DATA_TYPE_INT8:
        return value->Int8;
    case DML_TENSOR_DATA_TYPE_INT16:
        return value->Int16;
    case DML_TENSOR_DATA_TYPE_INT32:
        return value->Int32;
    case DML_TENSOR_DATA_TYPE_INT64:
        return (double)value->Int64;
    default:
        return 0.0;
    }
}

uint64_t dml_scalar_to_element_bits(DML_TENSOR_DATA_TYPE value_type, const DML_SCALAR_UNION *value,
                                    DML_TENSOR_DATA_TYPE element_type)
{
    struct scalar_type target = scalar_type_of(element_type);
    if (!target.bytes)
        return 0;
    if (value_type == element_type)
        return union_bits(value, target.bytes);
    double number = scalar_as_double(value_type, value);
    if (target.cls == SCALAR_FLOAT && target.bytes == 8)
    {
        uint64_t bits;
        memcpy(&bits, &number, sizeof(bits));
        return bits;
    }
    if (target.cls == SCALAR_FLOAT)
        return float_to_narrow_float(value_type == DML_TENSOR_DATA_TYPE_FLOAT32 ? value->Float32
                                                                                : (float)number,
                                     target.bytes);
    return target.cls == SCALAR_SIGNED ? float_to_signed(number, target.bytes)
                                       : float_to_unsigned(number, target.bytes);
}

uint32_t dml_half_bits_to_float(uint16_t bits)
{
    uint32_t sign = (uint32_t)(bits & 0x8000u) << 16, exponent = (bits >> 10) & 0x1fu;
    uint32_t mantissa = bits & 0x3ffu;
    if (exponent == 0x1f)
        return sign | 0x7f800000u | mantissa << 13;
    if (exponent)
        return sign | (exponent + 112) << 23 | mantissa << 13;
    if (!mantissa)
        return sign;
    /* A subnormal half: normalise the mantissa (its leading 1 moves to bit 10). */
    int shift = 0;
    while (!(mantissa & 0x400u))
        mantissa <<= 1, ++shift;
    return sign | (uint32_t)(113 - shift) << 23 | (mantissa & 0x3ffu) << 13;
}
