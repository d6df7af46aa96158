/* Decision FD3's conversions between the 11 data types, on bits, in integer arithmetic only:
 * Vulkan does not require its float conversions to round to nearest even on every path, nor
 * keep subnormals, so no float instruction touches a value. A value is decoded into a sign, a
 * magnitude m and an exponent e (value = m * 2^e), then encoded into the output type:
 *   to float: rounded once to nearest even at the type's precision (subnormals included),
 *             overflow to +-inf; NaN stays NaN, quiet, sign and the payload's high bits kept;
 *   to integer from float: truncated toward zero, saturated to the type's range, NaN to 0;
 *   to integer from integer: the low bits of the two's complement value. */
#define T_F32 DMLOPS_TYPE_FLOAT32
#define T_F16 DMLOPS_TYPE_FLOAT16
#define T_U32 DMLOPS_TYPE_UINT32
#define T_U16 DMLOPS_TYPE_UINT16
#define T_U8 DMLOPS_TYPE_UINT8
#define T_I32 DMLOPS_TYPE_INT32
#define T_I16 DMLOPS_TYPE_INT16
#define T_I8 DMLOPS_TYPE_INT8
#define T_F64 DMLOPS_TYPE_FLOAT64
#define T_U64 DMLOPS_TYPE_UINT64
#define T_I64 DMLOPS_TYPE_INT64

#define CLS_ZERO 0u
#define CLS_FINITE 1u
#define CLS_INF 2u
#define CLS_NAN 3u

struct Num
{
    uint cls;
    bool neg;
    uint64_t m; /* CLS_FINITE: the magnitude's mantissa; CLS_NAN: the fraction (payload) */
    int e;      /* CLS_FINITE: value = m * 2^e; CLS_NAN: the fraction's width */
};

uint type_bytes(uint t)
{
    if (t == T_U8 || t == T_I8)
        return 1u;
    if (t == T_F16 || t == T_U16 || t == T_I16)
        return 2u;
    if (t == T_F64 || t == T_U64 || t == T_I64)
        return 8u;
    return 4u;
}

bool type_float(uint t)
{
    return t == T_F16 || t == T_F32 || t == T_F64;
}

bool type_signed(uint t)
{
    return t == T_I8 || t == T_I16 || t == T_I32 || t == T_I64;
}

uint frac_bits(uint t)
{
    return t == T_F16 ? 10u : (t == T_F32 ? 23u : 52u);
}

uint exp_bits(uint t)
{
    return t == T_F16 ? 5u : (t == T_F32 ? 8u : 11u);
}

uint64_t low_mask(uint bits) /* bits in 1..64 */
{
    return bits >= 64u ? ~uint64_t(0) : (uint64_t(1) << bits) - uint64_t(1);
}

int msb64(uint64_t x) /* x != 0 */
{
    uint hi = uint(x >> 32);
    return hi != 0u ? 32 + findMSB(hi) : findMSB(uint(x));
}

/* The input's bits as a signed 64-bit two's complement value (sign- or zero-extended). */
uint64_t int_value(uint64_t raw, uint t)
{
    uint bits = 8u * type_bytes(t);
    if (!type_signed(t) || bits == 64u)
        return raw;
    return uint64_t(int64_t(raw << (64u - bits)) >> (64u - bits));
}

Num decode(uint64_t raw, uint t)
{
    Num n;
    if (!type_float(t))
    {
        uint64_t v = int_value(raw, t);
        n.neg = type_signed(t) && int64_t(v) < int64_t(0);
        n.m = n.neg ? ~v + uint64_t(1) : v;
        n.e = 0;
        n.cls = n.m == uint64_t(0) ? CLS_ZERO : CLS_FINITE;
        return n;
    }
    uint f = frac_bits(t), w = exp_bits(t);
    int bias = (1 << (w - 1u)) - 1;
    uint ex = uint(raw >> f) & ((1u << w) - 1u);
    uint64_t fr = raw & low_mask(f);
    n.neg = ((raw >> (f + w)) & uint64_t(1)) != uint64_t(0);
    n.m = fr;
    n.e = int(f);
    if (ex == (1u << w) - 1u)
        n.cls = fr == uint64_t(0) ? CLS_INF : CLS_NAN;
    else if (ex == 0u)
    {
        n.cls = fr == uint64_t(0) ? CLS_ZERO : CLS_FINITE;
        n.e = 1 - bias - int(f);
    }
    else
    {
        n.cls = CLS_FINITE;
        n.m = fr | (uint64_t(1) << f);
        n.e = int(ex) - bias - int(f);
    }
    return n;
}

/* m * 2^e rounded to nearest even at the multiple of 2^q: the integer count of 2^q. */
uint64_t round_at(uint64_t m, int e, int q)
{
    int shift = q - e;
    if (shift <= 0)
        return m << uint(-shift);
    if (shift > 64)
        return uint64_t(0);
    uint64_t halfway = uint64_t(1) << uint(shift - 1);
    uint64_t r = shift == 64 ? uint64_t(0) : m >> uint(shift);
    uint64_t rem = m & low_mask(uint(shift));
    /* Ties to even: round up above half, or at half when r is odd. */
    uint odd = uint(r) & 1u;
    uint above = uint(rem > halfway), tie = uint(rem == halfway);
    if ((above | (tie & odd)) != 0u)
        r += uint64_t(1);
    return r;
}

uint64_t encode_float(Num n, uint t)
{
    uint f = frac_bits(t), w = exp_bits(t);
    int bias = (1 << (w - 1u)) - 1;
    uint64_t sign = n.neg ? uint64_t(1) << (f + w) : uint64_t(0);
    uint64_t inf = sign | (uint64_t((1u << w) - 1u) << f);
    if (n.cls == CLS_ZERO)
        return sign;
    if (n.cls == CLS_INF)
        return inf;
    if (n.cls == CLS_NAN)
    {
        uint64_t payload = n.e >= int(f) ? n.m >> uint(n.e - int(f)) : n.m << uint(int(f) - n.e);
        return inf | payload | (uint64_t(1) << (f - 1u));
    }
    int emin = 1 - bias;
    int q = max(msb64(n.m) + n.e - int(f), emin - int(f));
    uint64_t r = round_at(n.m, n.e, q);
    if (r == uint64_t(1) << (f + 1u))
    {
        r >>= 1;
        q += 1;
    }
    if (r == uint64_t(0))
        return sign;
    int field = r < (uint64_t(1) << f) ? 0 : q + int(f) + bias;
    if (field >= int((1u << w) - 1u))
        return inf;
    return sign | (uint64_t(field) << f) | (r & low_mask(f));
}

/* Truncated toward zero and saturated (FD3); NaN is 0. */
uint64_t float_to_int(Num n, uint t)
{
    uint bits = 8u * type_bytes(t);
    bool sgn = type_signed(t);
    if (n.cls == CLS_NAN || n.cls == CLS_ZERO)
        return uint64_t(0);
    bool huge = n.cls == CLS_INF;
    uint64_t mag = uint64_t(0);
    if (!huge && n.e >= 0)
    {
        huge = msb64(n.m) + n.e >= 64;
        mag = huge ? uint64_t(0) : n.m << uint(n.e);
    }
    else if (!huge)
        mag = -n.e >= 64 ? uint64_t(0) : n.m >> uint(-n.e);
    uint64_t mask = low_mask(bits);
    if (!sgn)
        return n.neg ? uint64_t(0) : (huge || mag > mask ? mask : mag);
    uint64_t limit = uint64_t(1) << (bits - 1u); /* |min|; max is limit - 1 */
    if (!n.neg)
        return huge || mag >= limit ? limit - uint64_t(1) : mag;
    return (huge || mag >= limit ? limit : ~mag + uint64_t(1)) & mask;
}

uint64_t cast_bits(uint64_t raw, uint from, uint to)
{
    if (from == to)
        return raw;
    if (type_float(to))
        return encode_float(decode(raw, from), to);
    if (type_float(from))
        return float_to_int(decode(raw, from), to);
    return int_value(raw, from) & low_mask(8u * type_bytes(to));
}
