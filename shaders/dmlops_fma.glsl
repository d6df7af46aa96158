/* Decision FD1's y = fma(x, Scale, Bias), bit-exact (see enum plan_arith in src/plan.h). Needs
 * only what Vulkan requires of float64: correctly rounded +, - and *. Float32 values are widened
 * and narrowed by bit manipulation, never by conversion (which may flush subnormals).
 *   FLOAT32: the product of two float32 is exact in float64; the sum is rounded to odd in
 *            float64 (53 >= 24 + 2 bits), so the rounding to float32 is the only one that counts.
 *   FLOAT16: widened exactly to float32, the same, then rounded to nearest even float16.
 *   FLOAT64: Veltkamp's split makes x * Scale the exact sum of two float64 products, and the
 *            three-term sum is rounded once through a round-to-odd step (Boldo and Melquiond,
 *            "Emulation of FMA and correctly rounded sums", 2008); x is scaled by a power of two
 *            first where the split or the products could overflow or the products underflow
 *            (checked against libm's fma on 20 million random operands).
 * Subnormal float64 x with Bias != 0 relies on the device keeping float64 subnormals. */

bool is_nan32(uint b)
{
    return (b & 0x7fffffffu) > 0x7f800000u;
}

bool is_inf32(uint b)
{
    return (b & 0x7fffffffu) == 0x7f800000u;
}

/* The float64 of float32 bits, exactly (infinities and NaN payloads too). */
double widen32(uint bits)
{
    uint sign = bits & 0x80000000u, e = (bits >> 23) & 0xffu, m = bits & 0x7fffffu;
    if (e == 0xffu)
        return packDouble2x32(uvec2((m & 7u) << 29, sign | 0x7ff00000u | (m >> 3)));
    if (e == 0u && m == 0u)
        return packDouble2x32(uvec2(0u, sign));
    int ex = int(e);
    if (e == 0u)
    {
        int shift = 23 - findMSB(m);
        m = (m << shift) & 0x7fffffu;
        ex = 1 - shift;
    }
    return packDouble2x32(uvec2((m & 7u) << 29, sign | (uint(ex + 896) << 20) | (m >> 3)));
}

/* a + b == s + e exactly (Knuth's TwoSum). */
void two_sum(double a, double b, out double s, out double e)
{
    precise double ss = a + b;
    precise double bb = ss - a;
    precise double ee = (a - (ss - bb)) + (b - bb);
    s = ss;
    e = ee;
}

/* s rounded to odd, where e is the exact error of s: an inexact even s moves one ulp towards e. */
double to_odd(double s, double e)
{
    uvec2 w = unpackDouble2x32(s);
    if (e == 0.0lf || (w.x & 1u) != 0u)
        return s;
    uint64_t bits = (uint64_t(w.y) << 32) | uint64_t(w.x);
    bits = ((e > 0.0lf) == (s > 0.0lf)) ? bits + 1ul : bits - 1ul;
    return packDouble2x32(uvec2(uint(bits), uint(bits >> 32)));
}

/* Float32 bits of v, rounded to nearest even (v finite or infinite, not NaN, and no float64
 * subnormal: none arises from float32 operands). */
uint narrow32(double v)
{
    uvec2 w = unpackDouble2x32(v);
    uint sign = w.y & 0x80000000u;
    int e = int((w.y >> 20) & 0x7ffu), fe = e - 896;
    if (e == 0)
        return sign;
    if (fe >= 255)
        return sign | 0x7f800000u;
    uint64_t m = (uint64_t(w.y & 0xfffffu) << 32) | uint64_t(w.x) | (1ul << 52);
    int shift = fe >= 1 ? 29 : min(30 - fe, 63);
    uint64_t q = m >> shift, rem = m & ((1ul << shift) - 1ul), mid = 1ul << (shift - 1);
    if (rem > mid || (rem == mid && (q & 1ul) != 0ul))
        q += 1ul;
    uint bits = fe >= 1 ? (uint(fe) << 23) + uint(q) - 0x800000u : uint(q);
    return sign | min(bits, 0x7f800000u);
}

uint fma32(uint x, uint s, uint b)
{
    if (is_nan32(x))
        return x | 0x400000u;
    if (is_nan32(s))
        return s | 0x400000u;
    if (is_nan32(b))
        return b | 0x400000u;
    double xd = widen32(x), sd = widen32(s), bd = widen32(b);
    if (is_inf32(x) || is_inf32(s) || is_inf32(b))
    {
        precise double r = xd * sd + bd; /* finite products cannot overflow float64 */
        return isnan(r) ? 0x7fc00000u : narrow32(r);
    }
    precise double p = xd * sd; /* exact: 48 bits */
    double sum, err;
    two_sum(p, bd, sum, err);
    return narrow32(to_odd(sum, err));
}

/* Float32 bits of float16 bits, exactly. */
uint widen16(uint h)
{
    uint sign = (h & 0x8000u) << 16, e = (h >> 10) & 0x1fu, m = h & 0x3ffu;
    if (e == 0x1fu)
        return sign | 0x7f800000u | (m << 13);
    if (e != 0u)
        return sign | ((e + 112u) << 23) | (m << 13);
    if (m == 0u)
        return sign;
    int msb = findMSB(m);
    return sign | (uint(msb + 103) << 23) | ((m << (23 - msb)) & 0x7fffffu);
}

/* Float16 bits of float32 bits, rounded to nearest even; NaN keeps its payload's top bits. */
uint narrow16(uint f)
{
    uint sign = (f >> 16) & 0x8000u, a = f & 0x7fffffffu;
    if (a > 0x7f800000u)
        return sign | 0x7e00u | ((f >> 13) & 0x3ffu);
    if (a >= 0x477ff000u) /* 65520, halfway between 65504 and 65536: even is up */
        return sign | 0x7c00u;
    int e = int(a >> 23), he = e - 112;
    int shift = he >= 1 ? 13 : 14 - he;
    if (shift >= 25)
        return sign;
    uint m = (a & 0x7fffffu) | (e != 0 ? 0x800000u : 0u);
    uint q = m >> shift, rem = m & ((1u << shift) - 1u), mid = 1u << (shift - 1);
    if (rem > mid || (rem == mid && (q & 1u) != 0u))
        q += 1u;
    return sign | (he >= 1 ? (uint(he) << 10) + q - 0x400u : q);
}

bool is_nan64(uvec2 w)
{
    uint a = w.y & 0x7fffffffu;
    return a > 0x7ff00000u || (a == 0x7ff00000u && w.x != 0u);
}

uvec2 quiet64(uvec2 w)
{
    return uvec2(w.x, w.y | 0x80000u);
}

uvec2 fma64(uvec2 xw, uint s, uint b)
{
    if (is_nan64(xw))
        return quiet64(xw);
    if (is_nan32(s))
        return quiet64(unpackDouble2x32(widen32(s)));
    if (is_nan32(b))
        return quiet64(unpackDouble2x32(widen32(b)));
    double x = packDouble2x32(xw), sd = widen32(s), bd = widen32(b);
    if (isinf(x) || isinf(sd) || isinf(bd))
    {
        if (!isinf(x) && !isinf(sd))
            return unpackDouble2x32(bd); /* the exact product is finite */
        precise double r = x * sd + bd;
        return isnan(r) ? uvec2(0u, 0x7ff80000u) : unpackDouble2x32(r);
    }
    if (bd == 0.0lf || x == 0.0lf || sd == 0.0lf)
    {
        precise double r = x * sd + bd; /* one rounding: the sum is exact */
        return unpackDouble2x32(r);
    }
    /* Scaled so that neither the split nor a product overflows, and no product underflows: the
     * result's rounding is the same in the scaled range, and scaling back is exact (or
     * overflows as the true result does). */
    double ax = abs(x), m = ax * abs(sd);
    int k = m >= ldexp(1.0lf, 990) ? -192
                                   : (ax >= ldexp(1.0lf, 995) ? -64 : (m < ldexp(1.0lf, -800) ? 400 : 0));
    precise double xs = ldexp(x, k);
    precise double bs = ldexp(bd, k);
    precise double c = 134217729.0lf * xs;
    precise double xh = c - (c - xs);
    precise double xl = xs - xh;
    precise double ph = xh * sd;
    precise double pl = xl * sd;
    double uh, ul, th, tl, vs, ve;
    two_sum(pl, bs, uh, ul);
    two_sum(ph, uh, th, tl);
    two_sum(tl, ul, vs, ve);
    precise double z = th + to_odd(vs, ve);
    return unpackDouble2x32(ldexp(z, -k));
}
