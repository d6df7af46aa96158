/* Specialization constants of vec.comp: one operator's whole plan, fixed when its pipeline is
 * created (constant ids as in src/vk/spec.h). Keep both in step. */
layout(constant_id = 0) const uint MODE = 0;
layout(constant_id = 1) const uint RANK = 1;
layout(constant_id = 2) const uint PARTS = 1;
layout(constant_id = 3) const uint PART_AXIS = 0;
layout(constant_id = 4) const int64_t IN_BASE = 0;
layout(constant_id = 5) const uint64_t IN_LIMIT = 0;
layout(constant_id = 6) const uint VTOTAL = 0;
layout(constant_id = 7) const uint VROW = 1;
layout(constant_id = 12) const uint IN_SLOT = 0;
layout(constant_id = 13) const uint TILE_DIM = 0;
layout(constant_id = 14) const uint FLAGS = 0;       /* SPEC_FLAG_* (src/vk/spec.h) */
layout(constant_id = 15) const uint STAGE_WORDS = 1; /* shared words of a staging workgroup */
layout(constant_id = 8) const uint PAD0 = 0;
layout(constant_id = 9) const uint PAD1 = 0;
layout(constant_id = 10) const uint PAD2 = 0;
layout(constant_id = 11) const uint PAD3 = 0;
layout(constant_id = 16) const uint SIZE0 = 1;
layout(constant_id = 17) const uint SIZE1 = 1;
layout(constant_id = 18) const uint SIZE2 = 1;
layout(constant_id = 19) const uint SIZE3 = 1;
layout(constant_id = 20) const uint SIZE4 = 1;
layout(constant_id = 21) const uint SIZE5 = 1;
layout(constant_id = 22) const uint SIZE6 = 1;
layout(constant_id = 23) const uint SIZE7 = 1;
layout(constant_id = 24) const int64_t IN_STRIDE0 = 0;
layout(constant_id = 25) const int64_t IN_STRIDE1 = 0;
layout(constant_id = 26) const int64_t IN_STRIDE2 = 0;
layout(constant_id = 27) const int64_t IN_STRIDE3 = 0;
layout(constant_id = 28) const int64_t IN_STRIDE4 = 0;
layout(constant_id = 29) const int64_t IN_STRIDE5 = 0;
layout(constant_id = 30) const int64_t IN_STRIDE6 = 0;
layout(constant_id = 31) const int64_t IN_STRIDE7 = 0;
layout(constant_id = 32) const uint MAP0 = 0;
layout(constant_id = 33) const uint MAP1 = 0;
layout(constant_id = 34) const uint MAP2 = 0;
layout(constant_id = 35) const uint MAP3 = 0;
layout(constant_id = 36) const uint MAP4 = 0;
layout(constant_id = 37) const uint MAP5 = 0;
layout(constant_id = 38) const uint MAP6 = 0;
layout(constant_id = 39) const uint MAP7 = 0;
layout(constant_id = 40) const uint IN_SIZE0 = 1;
layout(constant_id = 41) const uint IN_SIZE1 = 1;
layout(constant_id = 42) const uint IN_SIZE2 = 1;
layout(constant_id = 43) const uint IN_SIZE3 = 1;
layout(constant_id = 44) const uint IN_SIZE4 = 1;
layout(constant_id = 45) const uint IN_SIZE5 = 1;
layout(constant_id = 46) const uint IN_SIZE6 = 1;
layout(constant_id = 47) const uint IN_SIZE7 = 1;
layout(constant_id = 48) const uint PAD_START0 = 0;
layout(constant_id = 49) const uint PAD_START1 = 0;
layout(constant_id = 50) const uint PAD_START2 = 0;
layout(constant_id = 51) const uint PAD_START3 = 0;
layout(constant_id = 52) const uint PAD_START4 = 0;
layout(constant_id = 53) const uint PAD_START5 = 0;
layout(constant_id = 54) const uint PAD_START6 = 0;
layout(constant_id = 55) const uint PAD_START7 = 0;
layout(constant_id = 56) const uint BIAS0 = 0;
layout(constant_id = 57) const uint BIAS1 = 0;
layout(constant_id = 58) const uint BIAS2 = 0;
layout(constant_id = 59) const uint BIAS3 = 0;
layout(constant_id = 60) const uint BIAS4 = 0;
layout(constant_id = 61) const uint BIAS5 = 0;
layout(constant_id = 62) const uint BIAS6 = 0;
layout(constant_id = 63) const uint BIAS7 = 0;
layout(constant_id = 64) const uint VSTART0 = 0;
layout(constant_id = 65) const uint VSTART1 = 0;
layout(constant_id = 66) const uint VSTART2 = 0;
layout(constant_id = 67) const uint VSTART3 = 0;
layout(constant_id = 68) const uint VSTART4 = 0;
layout(constant_id = 69) const uint VSTART5 = 0;
layout(constant_id = 70) const uint VSTART6 = 0;
layout(constant_id = 71) const uint VSTART7 = 0;
layout(constant_id = 72) const uint VSTART8 = 0;
layout(constant_id = 73) const uint VSTART9 = 0;
layout(constant_id = 74) const uint VSTART10 = 0;
layout(constant_id = 75) const uint VSTART11 = 0;
layout(constant_id = 76) const uint VSTART12 = 0;
layout(constant_id = 77) const uint VSTART13 = 0;
layout(constant_id = 80) const uint EXT0 = 1;
layout(constant_id = 81) const uint EXT1 = 1;
layout(constant_id = 82) const uint EXT2 = 1;
layout(constant_id = 83) const uint EXT3 = 1;
layout(constant_id = 84) const uint EXT4 = 1;
layout(constant_id = 85) const uint EXT5 = 1;
layout(constant_id = 86) const uint EXT6 = 1;
layout(constant_id = 87) const uint EXT7 = 1;
layout(constant_id = 88) const uint EXT8 = 1;
layout(constant_id = 89) const uint EXT9 = 1;
layout(constant_id = 90) const uint EXT10 = 1;
layout(constant_id = 91) const uint EXT11 = 1;
layout(constant_id = 92) const uint EXT12 = 1;
layout(constant_id = 93) const uint EXT13 = 1;
layout(constant_id = 96) const uint ELEMS0 = 0;
layout(constant_id = 97) const uint ELEMS1 = 0;
layout(constant_id = 98) const uint ELEMS2 = 0;
layout(constant_id = 99) const uint ELEMS3 = 0;
layout(constant_id = 100) const uint ELEMS4 = 0;
layout(constant_id = 101) const uint ELEMS5 = 0;
layout(constant_id = 102) const uint ELEMS6 = 0;
layout(constant_id = 103) const uint ELEMS7 = 0;
layout(constant_id = 104) const uint ELEMS8 = 0;
layout(constant_id = 105) const uint ELEMS9 = 0;
layout(constant_id = 106) const uint ELEMS10 = 0;
layout(constant_id = 107) const uint ELEMS11 = 0;
layout(constant_id = 108) const uint ELEMS12 = 0;
layout(constant_id = 109) const uint ELEMS13 = 0;
layout(constant_id = 112) const uint BEGIN0 = 0;
layout(constant_id = 113) const uint BEGIN1 = 0;
layout(constant_id = 114) const uint BEGIN2 = 0;
layout(constant_id = 115) const uint BEGIN3 = 0;
layout(constant_id = 116) const uint BEGIN4 = 0;
layout(constant_id = 117) const uint BEGIN5 = 0;
layout(constant_id = 118) const uint BEGIN6 = 0;
layout(constant_id = 119) const uint BEGIN7 = 0;
layout(constant_id = 120) const uint BEGIN8 = 0;
layout(constant_id = 121) const uint BEGIN9 = 0;
layout(constant_id = 122) const uint BEGIN10 = 0;
layout(constant_id = 123) const uint BEGIN11 = 0;
layout(constant_id = 124) const uint BEGIN12 = 0;
layout(constant_id = 125) const uint BEGIN13 = 0;
layout(constant_id = 128) const uint64_t OUT_BASE0 = 0;
layout(constant_id = 129) const uint64_t OUT_BASE1 = 0;
layout(constant_id = 130) const uint64_t OUT_BASE2 = 0;
layout(constant_id = 131) const uint64_t OUT_BASE3 = 0;
layout(constant_id = 132) const uint64_t OUT_BASE4 = 0;
layout(constant_id = 133) const uint64_t OUT_BASE5 = 0;
layout(constant_id = 134) const uint64_t OUT_BASE6 = 0;
layout(constant_id = 135) const uint64_t OUT_BASE7 = 0;
layout(constant_id = 136) const uint64_t OUT_BASE8 = 0;
layout(constant_id = 137) const uint64_t OUT_BASE9 = 0;
layout(constant_id = 138) const uint64_t OUT_BASE10 = 0;
layout(constant_id = 139) const uint64_t OUT_BASE11 = 0;
layout(constant_id = 140) const uint64_t OUT_BASE12 = 0;
layout(constant_id = 141) const uint64_t OUT_BASE13 = 0;

layout(constant_id = 144) const uint OUT_SLOT0 = 1;
layout(constant_id = 145) const uint OUT_SLOT1 = 2;
layout(constant_id = 146) const uint OUT_SLOT2 = 3;
layout(constant_id = 147) const uint OUT_SLOT3 = 4;
layout(constant_id = 148) const uint OUT_SLOT4 = 5;
layout(constant_id = 149) const uint OUT_SLOT5 = 6;
layout(constant_id = 150) const uint OUT_SLOT6 = 7;
layout(constant_id = 151) const uint OUT_SLOT7 = 8;
layout(constant_id = 152) const uint OUT_SLOT8 = 9;
layout(constant_id = 153) const uint OUT_SLOT9 = 10;
layout(constant_id = 154) const uint OUT_SLOT10 = 11;
layout(constant_id = 155) const uint OUT_SLOT11 = 12;
layout(constant_id = 156) const uint OUT_SLOT12 = 13;
layout(constant_id = 157) const uint OUT_SLOT13 = 14;

layout(constant_id = 160) const uint64_t OUT_STRIDE0 = 0;
layout(constant_id = 161) const uint64_t OUT_STRIDE1 = 0;
layout(constant_id = 162) const uint64_t OUT_STRIDE2 = 0;
layout(constant_id = 163) const uint64_t OUT_STRIDE3 = 0;
layout(constant_id = 164) const uint64_t OUT_STRIDE4 = 0;
layout(constant_id = 165) const uint64_t OUT_STRIDE5 = 0;
layout(constant_id = 166) const uint64_t OUT_STRIDE6 = 0;
layout(constant_id = 167) const uint64_t OUT_STRIDE7 = 0;

/* MODE_ROW_GROUPS (vec_groups.glsl): element e of a thread's rows is byte
 * e % 4 of GTAB(e / 4): its row (bits 6-7) and input column (bits 0-5), or 0xFF for the pad
 * value (spec.c, group_table). */
layout(constant_id = 168) const uint GTAB0 = 0xFFFFFFFFu;
layout(constant_id = 169) const uint GTAB1 = 0xFFFFFFFFu;
layout(constant_id = 170) const uint GTAB2 = 0xFFFFFFFFu;
layout(constant_id = 171) const uint GTAB3 = 0xFFFFFFFFu;
layout(constant_id = 172) const uint GTAB4 = 0xFFFFFFFFu;
layout(constant_id = 173) const uint GTAB5 = 0xFFFFFFFFu;
layout(constant_id = 174) const uint GTAB6 = 0xFFFFFFFFu;
layout(constant_id = 175) const uint GTAB7 = 0xFFFFFFFFu;
layout(constant_id = 176) const uint GTAB8 = 0xFFFFFFFFu;
layout(constant_id = 177) const uint GTAB9 = 0xFFFFFFFFu;
layout(constant_id = 178) const uint GTAB10 = 0xFFFFFFFFu;
layout(constant_id = 179) const uint GTAB11 = 0xFFFFFFFFu;
layout(constant_id = 180) const uint GTAB12 = 0xFFFFFFFFu;
layout(constant_id = 181) const uint GTAB13 = 0xFFFFFFFFu;
layout(constant_id = 182) const uint GTAB14 = 0xFFFFFFFFu;
layout(constant_id = 183) const uint GTAB15 = 0xFFFFFFFFu;

/* The last dim's values again, so that code about the last dim (index RANK - 1, unknown until
 * specialization) reads them directly instead of through the indexed switches below (a third
 * of the module's size). */
layout(constant_id = 184) const uint LAST_SIZE = 1;
layout(constant_id = 185) const int64_t LAST_IN_STRIDE = 0;
layout(constant_id = 186) const uint LAST_MAP = 0;
layout(constant_id = 187) const uint LAST_IN_SIZE = 1;
layout(constant_id = 188) const uint LAST_PAD_START = 0;
layout(constant_id = 189) const uint LAST_BIAS = 0;

#define VEC_MAX_RANK 8
#define VEC_MAX_PARTS 14

/* More parts than the tables hold, all alike (src/vk/spec.h, DML_VK_SPEC_FLAG_UNIFORM): part k
 * is part 0 moved k extents along the part axis, writing slot OUT_SLOT0 + k. */
#define SPEC_FLAG_UNIFORM 16u
#define UNIFORM_PARTS ((FLAGS & SPEC_FLAG_UNIFORM) != 0)

/* Indexed access (i is a constant once loops are unrolled, except a part index). */
uint SIZE(uint i)
{
    switch (i)
    {
    case 0:
        return SIZE0;
    case 1:
        return SIZE1;
    case 2:
        return SIZE2;
    case 3:
        return SIZE3;
    case 4:
        return SIZE4;
    case 5:
        return SIZE5;
    case 6:
        return SIZE6;
    default:
        return SIZE7;
    }
}
int64_t IN_STRIDE(uint i)
{
    switch (i)
    {
    case 0:
        return IN_STRIDE0;
    case 1:
        return IN_STRIDE1;
    case 2:
        return IN_STRIDE2;
    case 3:
        return IN_STRIDE3;
    case 4:
        return IN_STRIDE4;
    case 5:
        return IN_STRIDE5;
    case 6:
        return IN_STRIDE6;
    default:
        return IN_STRIDE7;
    }
}
uint MAP(uint i)
{
    switch (i)
    {
    case 0:
        return MAP0;
    case 1:
        return MAP1;
    case 2:
        return MAP2;
    case 3:
        return MAP3;
    case 4:
        return MAP4;
    case 5:
        return MAP5;
    case 6:
        return MAP6;
    default:
        return MAP7;
    }
}
uint IN_SIZE(uint i)
{
    switch (i)
    {
    case 0:
        return IN_SIZE0;
    case 1:
        return IN_SIZE1;
    case 2:
        return IN_SIZE2;
    case 3:
        return IN_SIZE3;
    case 4:
        return IN_SIZE4;
    case 5:
        return IN_SIZE5;
    case 6:
        return IN_SIZE6;
    default:
        return IN_SIZE7;
    }
}
uint PAD_START(uint i)
{
    switch (i)
    {
    case 0:
        return PAD_START0;
    case 1:
        return PAD_START1;
    case 2:
        return PAD_START2;
    case 3:
        return PAD_START3;
    case 4:
        return PAD_START4;
    case 5:
        return PAD_START5;
    case 6:
        return PAD_START6;
    default:
        return PAD_START7;
    }
}
uint BIAS(uint i)
{
    switch (i)
    {
    case 0:
        return BIAS0;
    case 1:
        return BIAS1;
    case 2:
        return BIAS2;
    case 3:
        return BIAS3;
    case 4:
        return BIAS4;
    case 5:
        return BIAS5;
    case 6:
        return BIAS6;
    default:
        return BIAS7;
    }
}
uint VSTART(uint i)
{
    if (UNIFORM_PARTS)
        return i * VSTART1;
    switch (i)
    {
    case 0:
        return VSTART0;
    case 1:
        return VSTART1;
    case 2:
        return VSTART2;
    case 3:
        return VSTART3;
    case 4:
        return VSTART4;
    case 5:
        return VSTART5;
    case 6:
        return VSTART6;
    case 7:
        return VSTART7;
    case 8:
        return VSTART8;
    case 9:
        return VSTART9;
    case 10:
        return VSTART10;
    case 11:
        return VSTART11;
    case 12:
        return VSTART12;
    default:
        return VSTART13;
    }
}
uint EXT(uint i)
{
    if (UNIFORM_PARTS)
        return EXT0;
    switch (i)
    {
    case 0:
        return EXT0;
    case 1:
        return EXT1;
    case 2:
        return EXT2;
    case 3:
        return EXT3;
    case 4:
        return EXT4;
    case 5:
        return EXT5;
    case 6:
        return EXT6;
    case 7:
        return EXT7;
    case 8:
        return EXT8;
    case 9:
        return EXT9;
    case 10:
        return EXT10;
    case 11:
        return EXT11;
    case 12:
        return EXT12;
    default:
        return EXT13;
    }
}
uint ELEMS(uint i)
{
    if (UNIFORM_PARTS)
        return ELEMS0;
    switch (i)
    {
    case 0:
        return ELEMS0;
    case 1:
        return ELEMS1;
    case 2:
        return ELEMS2;
    case 3:
        return ELEMS3;
    case 4:
        return ELEMS4;
    case 5:
        return ELEMS5;
    case 6:
        return ELEMS6;
    case 7:
        return ELEMS7;
    case 8:
        return ELEMS8;
    case 9:
        return ELEMS9;
    case 10:
        return ELEMS10;
    case 11:
        return ELEMS11;
    case 12:
        return ELEMS12;
    default:
        return ELEMS13;
    }
}
uint BEGIN(uint i)
{
    if (UNIFORM_PARTS)
        return i * EXT0;
    switch (i)
    {
    case 0:
        return BEGIN0;
    case 1:
        return BEGIN1;
    case 2:
        return BEGIN2;
    case 3:
        return BEGIN3;
    case 4:
        return BEGIN4;
    case 5:
        return BEGIN5;
    case 6:
        return BEGIN6;
    case 7:
        return BEGIN7;
    case 8:
        return BEGIN8;
    case 9:
        return BEGIN9;
    case 10:
        return BEGIN10;
    case 11:
        return BEGIN11;
    case 12:
        return BEGIN12;
    default:
        return BEGIN13;
    }
}
uint64_t OUT_BASE(uint i)
{
    if (UNIFORM_PARTS)
        return OUT_BASE0;
    switch (i)
    {
    case 0:
        return OUT_BASE0;
    case 1:
        return OUT_BASE1;
    case 2:
        return OUT_BASE2;
    case 3:
        return OUT_BASE3;
    case 4:
        return OUT_BASE4;
    case 5:
        return OUT_BASE5;
    case 6:
        return OUT_BASE6;
    case 7:
        return OUT_BASE7;
    case 8:
        return OUT_BASE8;
    case 9:
        return OUT_BASE9;
    case 10:
        return OUT_BASE10;
    case 11:
        return OUT_BASE11;
    case 12:
        return OUT_BASE12;
    default:
        return OUT_BASE13;
    }
}
uint OUT_SLOT(uint i)
{
    if (UNIFORM_PARTS)
        return OUT_SLOT0 + i;
    switch (i)
    {
    case 0:
        return OUT_SLOT0;
    case 1:
        return OUT_SLOT1;
    case 2:
        return OUT_SLOT2;
    case 3:
        return OUT_SLOT3;
    case 4:
        return OUT_SLOT4;
    case 5:
        return OUT_SLOT5;
    case 6:
        return OUT_SLOT6;
    case 7:
        return OUT_SLOT7;
    case 8:
        return OUT_SLOT8;
    case 9:
        return OUT_SLOT9;
    case 10:
        return OUT_SLOT10;
    case 11:
        return OUT_SLOT11;
    case 12:
        return OUT_SLOT12;
    default:
        return OUT_SLOT13;
    }
}
uint GTAB(uint i)
{
    switch (i)
    {
    case 0:
        return GTAB0;
    case 1:
        return GTAB1;
    case 2:
        return GTAB2;
    case 3:
        return GTAB3;
    case 4:
        return GTAB4;
    case 5:
        return GTAB5;
    case 6:
        return GTAB6;
    case 7:
        return GTAB7;
    case 8:
        return GTAB8;
    case 9:
        return GTAB9;
    case 10:
        return GTAB10;
    case 11:
        return GTAB11;
    case 12:
        return GTAB12;
    case 13:
        return GTAB13;
    case 14:
        return GTAB14;
    default:
        return GTAB15;
    }
}
uint64_t OUT_STRIDE(uint i)
{
    switch (i)
    {
    case 0:
        return OUT_STRIDE0;
    case 1:
        return OUT_STRIDE1;
    case 2:
        return OUT_STRIDE2;
    case 3:
        return OUT_STRIDE3;
    case 4:
        return OUT_STRIDE4;
    case 5:
        return OUT_STRIDE5;
    case 6:
        return OUT_STRIDE6;
    default:
        return OUT_STRIDE7;
    }
}

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
