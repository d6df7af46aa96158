/* FD3 in plain C (see cast_ref.h). Float sources are read as their own C type and converted
 * once; long double (64-bit significand on x86-64) holds every float64 and every 64-bit integer
 * bound exactly for the saturation tests. */
#include "cast_ref.h"

#include <math.h>
#include <string.h>

/* float16 by arithmetic on long double (which holds every float16, float64 and 64-bit integer
 * exactly), not through the compiler's _Float16: clang 14 on x86, which builds the fuzzer, has
 * none, and a conversion to float16 must round once whatever the source. */
static long double half_value(uint16_t h)
{
    uint32_t e = (h >> 10) & 0x1f, m = h & 0x3ff;
    long double v = e == 0x1f ? (m ? NAN : INFINITY)
                    : e       ? ldexpl((long double)(m | 0x400), (int)e - 25)
                              : ldexpl((long double)m, -24);
    return h & 0x8000 ? -v : v;
}

/* v (not a NaN) rounded once to nearest even float16; beyond the largest finite, infinity. */
static uint16_t half_bits(long double v)
{
    uint16_t sign = signbit(v) ? 0x8000 : 0;
    long double m = fabsl(v);
    int e;
    if (m >= 65520.0L) /* halfway between 65504 and 65536 rounds to even: up */
        return sign | 0x7c00;
    if (m < ldexpl(1, -14)) /* subnormal: multiples of 2^-24 (1024 of them: the least normal) */
        return sign | (uint16_t)rintl(ldexpl(m, 24));
    frexpl(m, &e);
    --e;                                                /* m in [2^e, 2^(e+1)) */
    long double significand = rintl(ldexpl(m, 10 - e)); /* in [1024, 2048] */
    if (significand == 2048.0L)
    {
        ++e;
        significand = 1024.0L;
    }
    return sign | (uint16_t)((e + 15) << 10) | (uint16_t)(significand - 1024.0L);
}

enum kind
{
    SIGNED,
    UNSIGNED,
    FLOATING
};

struct type_info
{
    enum kind kind;
    uint32_t bits, frac; /* frac: float fraction width */
};

static struct type_info info(DML_TENSOR_DATA_TYPE t)
{
    switch (t)
    {
    case DML_TENSOR_DATA_TYPE_FLOAT16:
        return (struct type_info){FLOATING, 16, 10};
    case DML_TENSOR_DATA_TYPE_FLOAT32:
        return (struct type_info){FLOATING, 32, 23};
    case DML_TENSOR_DATA_TYPE_FLOAT64:
        return (struct type_info){FLOATING, 64, 52};
    case DML_TENSOR_DATA_TYPE_INT8:
        return (struct type_info){SIGNED, 8, 0};
    case DML_TENSOR_DATA_TYPE_INT16:
        return (struct type_info){SIGNED, 16, 0};
    case DML_TENSOR_DATA_TYPE_INT32:
        return (struct type_info){SIGNED, 32, 0};
    case DML_TENSOR_DATA_TYPE_INT64:
        return (struct type_info){SIGNED, 64, 0};
    case DML_TENSOR_DATA_TYPE_UINT8:
        return (struct type_info){UNSIGNED, 8, 0};
    case DML_TENSOR_DATA_TYPE_UINT16:
        return (struct type_info){UNSIGNED, 16, 0};
    case DML_TENSOR_DATA_TYPE_UINT32:
        return (struct type_info){UNSIGNED, 32, 0};
    default:
        return (struct type_info){UNSIGNED, 64, 0};
    }
}

static uint64_t mask(uint32_t bits)
{
    return bits == 64 ? UINT64_MAX : (UINT64_C(1) << bits) - 1;
}

static int64_t as_signed(uint64_t bits, uint32_t width)
{
    uint64_t sign = UINT64_C(1) << (width - 1);
    bits &= mask(width);
    return (int64_t)((bits ^ sign) - sign);
}

static int is_nan(uint64_t bits, struct type_info t)
{
    uint64_t exp = mask(t.bits - 1 - t.frac) << t.frac;
    return (bits & exp) == exp && (bits & mask(t.frac));
}

/* NaN: quiet, sign kept, the payload's high bits kept (or widened with zeros). */
static uint64_t nan_to(uint64_t bits, struct type_info f, struct type_info t)
{
    uint64_t payload = bits & mask(f.frac);
    payload = f.frac >= t.frac ? payload >> (f.frac - t.frac) : payload << (t.frac - f.frac);
    uint64_t sign = (bits >> (f.bits - 1)) & 1;
    return sign << (t.bits - 1) | mask(t.bits - 1 - t.frac) << t.frac |
           UINT64_C(1) << (t.frac - 1) | payload;
}

static long double float_value(uint64_t bits, struct type_info f)
{
    if (f.bits == 16)
        return half_value((uint16_t)bits);
    if (f.bits == 32)
    {
        uint32_t u = (uint32_t)bits;
        float x;
        memcpy(&x, &u, 4);
        return x;
    }
    double x;
    memcpy(&x, &bits, 8);
    return x;
}

/* Truncated toward zero, saturated; NaN is 0. */
static uint64_t float_to_int(long double x, struct type_info t)
{
    if (isnan(x))
        return 0;
    long double v = truncl(x);
    if (t.kind == UNSIGNED)
    {
        long double max = (long double)mask(t.bits);
        return v <= 0 ? 0 : v >= max ? mask(t.bits) : (uint64_t)v;
    }
    long double lo = -ldexpl(1, (int)t.bits - 1), hi = ldexpl(1, (int)t.bits - 1) - 1;
    int64_t r = v <= lo ? (int64_t)lo : v >= hi ? (int64_t)hi : (int64_t)v;
    return (uint64_t)r & mask(t.bits);
}

/* Rounded once into the float type t from a value held exactly as TYPE. */
#define TO_FLOAT(value, t)                                                                         \
    do                                                                                             \
    {                                                                                              \
        if ((t).bits == 16)                                                                        \
            return half_bits((long double)(value));                                                \
        if ((t).bits == 32)                                                                        \
        {                                                                                          \
            float y_ = (float)(value);                                                             \
            uint32_t out_;                                                                         \
            memcpy(&out_, &y_, 4);                                                                 \
            return out_;                                                                           \
        }                                                                                          \
        double y_ = (double)(value);                                                               \
        uint64_t out_;                                                                             \
        memcpy(&out_, &y_, 8);                                                                     \
        return out_;                                                                               \
    } while (0)

static uint64_t int_to_float(uint64_t bits, struct type_info f, struct type_info t)
{
    if (f.kind == SIGNED)
        TO_FLOAT(as_signed(bits, f.bits), t);
    TO_FLOAT(bits & mask(f.bits), t);
}

static uint64_t float_to_float(uint64_t bits, struct type_info f, struct type_info t)
{
    if (is_nan(bits, f))
        return nan_to(bits, f, t);
    if (f.bits == 16)
        TO_FLOAT(half_value((uint16_t)bits), t);
    if (f.bits == 32)
    {
        uint32_t u = (uint32_t)bits;
        float x;
        memcpy(&x, &u, 4);
        TO_FLOAT(x, t);
    }
    double x;
    memcpy(&x, &bits, 8);
    TO_FLOAT(x, t);
}

uint64_t cast_ref(uint64_t bits, DML_TENSOR_DATA_TYPE from, DML_TENSOR_DATA_TYPE to)
{
    struct type_info f = info(from), t = info(to);
    bits &= mask(f.bits);
    if (from == to)
        return bits;
    if (t.kind == FLOATING)
        return f.kind == FLOATING ? float_to_float(bits, f, t) : int_to_float(bits, f, t);
    if (f.kind == FLOATING)
        return float_to_int(float_value(bits, f), t);
    /* integer to integer: the low bits of the two's complement value */
    uint64_t v = f.kind == SIGNED ? (uint64_t)as_signed(bits, f.bits) : bits;
    return v & mask(t.bits);
}
