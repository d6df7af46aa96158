/* Units in registers and their places in a 16-byte vector, for the kernels that build vectors
 * (vec_kernel.glsl, dmlops_move.glsl's packed walk). VALUE_T holds one unit of ELEM_BYTES bytes
 * (no 8- or 16-bit arithmetic types needed, only the storage ones). */
#if ELEM_BYTES <= 4
#define VALUE_T uint
#elif ELEM_BYTES == 8
#define VALUE_T uvec2
#else
#define VALUE_T uvec4
#endif

/* Element j of a 16-byte vector (j a constant once unrolled). */
VALUE_T elem_of(uvec4 v, uint j)
{
#if ELEM_BYTES == 1
    return bitfieldExtract(v[j / 4], int(8 * (j % 4)), 8);
#elif ELEM_BYTES == 2
    return (v[j / 2] >> (16 * (j % 2))) & 0xFFFFu; /* shift and mask: see put, vec_kernel.glsl */
#elif ELEM_BYTES == 4
    return v[j];
#elif ELEM_BYTES == 8
    return uvec2(v[2 * j], v[2 * j + 1]);
#else
    return v;
#endif
}

/* Element j of a 16-byte vector (j a constant once unrolled), into zero bits. */
void insert(inout uvec4 acc, uint j, VALUE_T value)
{
#if ELEM_BYTES == 1
    acc[j / 4] |= value << (8 * (j % 4));
#elif ELEM_BYTES == 2
    acc[j / 2] |= value << (16 * (j % 2));
#elif ELEM_BYTES == 4
    acc[j] = value;
#elif ELEM_BYTES == 8
    acc[2 * j] = value.x;
    acc[2 * j + 1] = value.y;
#else
    acc = value;
#endif
}
