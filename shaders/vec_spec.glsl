/* Specialization constants of vec.comp and tile.comp: one operator's whole plan, fixed when its
 * pipeline is created. Declared from the one list in src/plan_spec_constants.h (which also lays
 * out struct plan_spec and the map entries in src/vk/spec.c), with their indexed accessors. */
#include "../src/plan_spec_constants.h"

#define SPEC_T_U32 uint
#define SPEC_T_I32 int
#define SPEC_T_I64 int64_t
#define SPEC_T_U64 uint64_t

#define SPEC_DECLARE(NAME, field, id, type, def)                                                   \
    layout(constant_id = id) const SPEC_T_##type NAME = def;
#define SPEC_DECLARE_AT(i, NAME, field, id, type, def, step)                                       \
    layout(constant_id = id + i) const SPEC_T_##type NAME##i = def + i * step;
#define SPEC_DECLARE_ARRAY(NAME, field, id, n, type, def, step)                                    \
    DMLOPS_REPEAT(n, SPEC_DECLARE_AT, NAME, field, id, type, def, step)
DMLOPS_SPEC_CONSTANTS(SPEC_DECLARE, SPEC_DECLARE_ARRAY)

#define VEC_MAX_RANK DMLOPS_MAX_RANK
#define VEC_MAX_PARTS DMLOPS_SPEC_PARTS

/* More parts than the tables hold, all alike (DMLOPS_SPEC_FLAG_UNIFORM): part k is part 0 moved
 * k extents along the part axis, writing slot OUT_SLOT0 + k. */
#define SPEC_FLAG_UNIFORM DMLOPS_SPEC_FLAG_UNIFORM
#define UNIFORM_PARTS ((FLAGS & SPEC_FLAG_UNIFORM) != 0)

/* Indexed access NAME(i) to every array (i is a constant once loops are unrolled, except a part
 * index): a switch over the constants, after SPEC_UNIFORM_NAME, the reading of a part's value
 * under UNIFORM_PARTS (empty for arrays that do not describe parts). */
#define SPEC_UNIFORM_PAD
#define SPEC_UNIFORM_SIZE
#define SPEC_UNIFORM_IN_STRIDE
#define SPEC_UNIFORM_MAP
#define SPEC_UNIFORM_IN_SIZE
#define SPEC_UNIFORM_PAD_START
#define SPEC_UNIFORM_BIAS
#define SPEC_UNIFORM_VSTART                                                                        \
    if (UNIFORM_PARTS)                                                                             \
        return i * VSTART1;
#define SPEC_UNIFORM_EXT                                                                           \
    if (UNIFORM_PARTS)                                                                             \
        return EXT0;
#define SPEC_UNIFORM_ELEMS                                                                         \
    if (UNIFORM_PARTS)                                                                             \
        return ELEMS0;
#define SPEC_UNIFORM_BEGIN                                                                         \
    if (UNIFORM_PARTS)                                                                             \
        return i * EXT0;
#define SPEC_UNIFORM_OUT_BASE                                                                      \
    if (UNIFORM_PARTS)                                                                             \
        return OUT_BASE0;
#define SPEC_UNIFORM_OUT_SLOT                                                                      \
    if (UNIFORM_PARTS)                                                                             \
        return OUT_SLOT0 + i;
#define SPEC_UNIFORM_OUT_STRIDE
#define SPEC_UNIFORM_GTAB
#define SPEC_UNIFORM_STEP
#define SPEC_UNIFORM_OUT_STRIDE_1
#define SPEC_UNIFORM_OUT_STRIDE_2
#define SPEC_UNIFORM_OUT_STRIDE_3

/* case 0 .. n - 2, then the last as the default. */
#define SPEC_CASE(i, NAME, b, c, d, e, f)                                                          \
    case i:                                                                                        \
        return NAME##i;
#define SPEC_CASES_4(NAME)                                                                         \
    SPEC_CASE(0, NAME, , , , , ) SPEC_CASE(1, NAME, , , , , ) SPEC_CASE(2, NAME, , , , , )         \
    default:                                                                                       \
        return NAME##3;
#define SPEC_CASES_8(NAME)                                                                         \
    DMLOPS_REPEAT_4(SPEC_CASE, NAME, , , , , ) SPEC_CASE(4, NAME, , , , , )                        \
    SPEC_CASE(5, NAME, , , , , ) SPEC_CASE(6, NAME, , , , , )                                      \
    default:                                                                                       \
        return NAME##7;
#define SPEC_CASES_14(NAME)                                                                        \
    DMLOPS_REPEAT_8(SPEC_CASE, NAME, , , , , ) SPEC_CASE(8, NAME, , , , , )                        \
    SPEC_CASE(9, NAME, , , , , ) SPEC_CASE(10, NAME, , , , , ) SPEC_CASE(11, NAME, , , , , )       \
    SPEC_CASE(12, NAME, , , , , )                                                                  \
    default:                                                                                       \
        return NAME##13;
#define SPEC_CASES_16(NAME)                                                                        \
    DMLOPS_REPEAT_14(SPEC_CASE, NAME, , , , , ) SPEC_CASE(14, NAME, , , , , )                      \
    default:                                                                                       \
        return NAME##15;
#define SPEC_CASES_(n, NAME) SPEC_CASES_##n(NAME)
#define SPEC_CASES(n, NAME) SPEC_CASES_(n, NAME)

#define SPEC_NO_ACCESSOR(NAME, field, id, type, def)
#define SPEC_ACCESSOR(NAME, field, id, n, type, def, step)                                         \
    SPEC_T_##type NAME(uint i)                                                                     \
    {                                                                                              \
        SPEC_UNIFORM_##NAME switch (i)                                                             \
        {                                                                                          \
            SPEC_CASES(n, NAME)                                                                    \
        }                                                                                          \
    }
DMLOPS_SPEC_CONSTANTS(SPEC_NO_ACCESSOR, SPEC_ACCESSOR)

/* The slots a specialized kernel uses, for slots_bound (dmlops_slots.glsl): a constant the
 * driver folds. */
uint spec_slot_mask()
{
    uint mask = 1u << IN_SLOT;
    [[unroll]] for (uint k = 0; k < VEC_MAX_PARTS; ++k)
    {
        if (k < PARTS)
            mask |= 1u << OUT_SLOT(k);
    }
    return mask;
}
