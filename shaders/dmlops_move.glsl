/* The whole plan semantics of src/plan.h, read from the parameter block (or from constants:
 * move_spec.comp): an output part along part_axis, an input part along in_part_axis
 * (parts[part_count ..], in the constants' part tables after the output parts) or the plain
 * input, per dimension the pre-map and padding map, and (where the includer defines
 * ELEM_TRANSFORM) the element's arithmetic. Included by move.comp, move_spec.comp and
 * scale_bias.comp after dmlops_common.glsl.
 *
 * MOVE_FORM (a specialization constant, DMLOPS_MOVE_* bits) tells a pipeline what its plans
 * leave out: one output part, no input parts, no padded dimension. The compiler then drops that
 * code and those reads, so a COPY plan's pipeline is a plain strided copy; 0, the default,
 * leaves nothing out and reads all of it from the parameter block (GENERAL plans).
 * move_spec.comp's pipelines (MODE_MOVE, src/plan_spec.c) read the whole plan from constants
 * instead: the same walk with every divisor and map known to the compiler. */
#ifndef ELEM_TRANSFORM
#define ELEM_TRANSFORM(v) (v)
#endif

layout(constant_id = DMLOPS_SPEC_ID_MOVE_FORM) const uint MOVE_FORM = 0u;
/* A MODE_MOVE pipeline (plan in constants, form 0) knows its output and input part counts. */
#define ONE_PART CONSTANT_OR(PARTS == 1u, (MOVE_FORM & DMLOPS_MOVE_ONE_PART) != 0u)
#define ONE_INPUT CONSTANT_OR(IN_PARTS == 0u, (MOVE_FORM & DMLOPS_MOVE_ONE_INPUT) != 0u)
#define AFFINE ((MOVE_FORM & DMLOPS_MOVE_AFFINE) != 0u)
#define NO_IN_PART 0xFFFFFFFFu /* input_part: the plain input */

/* Output part k's units at c, c's part_axis coordinate taken relative to the part (part 0
 * begins at 0). */
int64_t part_units(uint k, uint rank, uint c[MAX_RANK])
{
    int64_t units = output_units(k, rank, c);
    if (k != 0u)
        units -= int64_t(plan_part_begin(k)) * plan_part_stride(k, plan_part_axis());
    return units;
}

/* c's input part (src/plan.h), c's in_part_axis coordinate made relative to it; NO_IN_PART
 * where the plan has one input (the count is read only where the pipeline may have parts). */
uint input_part(inout uint c[MAX_RANK])
{
    if (ONE_INPUT || plan_in_part_count() == 0u)
        return NO_IN_PART;
    uint axis = plan_in_part_axis();
    uint j = find_part(plan_part_count(), plan_in_part_count(), c[axis]);
    c[axis] -= plan_part_begin(j);
    return j;
}

/* Input part j's (or the plain input's) base in units, stride along d (dim: plan_dim(d)), slot. */
int64_t input_base(uint j)
{
    return j == NO_IN_PART ? plan_in_base() : plan_part_base(j);
}

int64_t input_stride(uint j, Dim dim, uint d)
{
    return j == NO_IN_PART ? dim.in_stride : plan_part_stride(j, d);
}

uint input_slot(uint j)
{
    return j == NO_IN_PART ? plan_in_slot() : plan_part_slot(j);
}

#ifdef PLAN_IN_CONSTANTS
#include "dmlops_units.glsl"

/* MODE_MOVE with SPEC_FLAG_PACKED (src/plan_spec.c): thread t builds the 16-byte vector of units
 * t * VEC_UNITS .. + VEC_UNITS - 1, which lie in one row of one part and start 16-byte aligned,
 * and read one input part (src/plan_spec.c packs no plan whose input parts split the last dim).
 * The outer dims are mapped once, the last one unit by unit, and the vector is stored whole:
 * one store instead of one per unit, whose per-thread work dominated small units. */

/* The row's units from input units `units` of input part in_part on (the outer dims' share), the
 * last dim mapped. */
uvec4 mapped_row_vector(uint first, int64_t units, uint in_part)
{
    uvec4 v = uvec4(0);
    Dim dim = plan_dim(RANK - 1u);
    int64_t stride = input_stride(in_part, dim, RANK - 1u);
    uint64_t source = slot_address(input_slot(in_part));
    [[unroll]] for (uint r = 0; r < VEC_UNITS; ++r)
    {
        int64_t i = map_coordinate(dim, first + r);
        VALUE_T value = elem_of(plan_pad_value(), 0);
        if (i >= 0)
        {
            int64_t at = (units + i * stride) * ELEM_BYTES;
            value = VALUE_T(Elem(source + uint64_t(at)).value);
        }
        insert(v, r, value);
    }
    return v;
}

void move_vector(uint index)
{
    uint c[MAX_RANK], last = RANK - 1u;
    coordinates(index * VEC_UNITS, RANK, c);
    uint part = ONE_PART ? 0u : find_part(0, PARTS, c[PART_AXIS]);
    int64_t offset = part_units(part, RANK, c) * ELEM_BYTES;
    uint64_t target = slot_address(OUT_SLOT(part)) + uint64_t(offset);
    uint in_part = input_part(c);
    int64_t units = input_base(in_part);
    bool padded = false;
    for (uint d = 0; d < last; ++d)
    {
        Dim dim = plan_dim(d);
        int64_t i = map_coordinate(dim, c[d]);
        padded = padded || i < 0;
        units += i * input_stride(in_part, dim, d);
    }
    uvec4 v = uvec4(PAD(0), PAD(1), PAD(2), PAD(3)); /* the pad unit over 16 bytes */
    if (!padded)
        v = mapped_row_vector(c[last], units, in_part);
    Vector(target).value = v;
}

/* MODE_MOVE with SPEC_FLAG_ZIP (src/plan_spec.c): a small dim J transposed with the vector dim
 * X. Thread t moves the block of VEC_UNITS x-values from t's coordinates on, times every j:
 * ZIP_B vectors on each side, one side (x, j) interleaved, the other one run of x per j. */
#define ZIP ((FLAGS & DMLOPS_SPEC_FLAG_ZIP) != 0u)
#define ZIP_B SIZE(ZIP_DIM)
#define ZIP_X (ZIP_DIM == RANK - 1u ? RANK - 2u : RANK - 1u) /* the vector dim (src/plan_spec.c) */
#define ZIP_MAX DMLOPS_ZIP_MAX
#define ZIP_STAGED ((FLAGS & DMLOPS_SPEC_FLAG_ZIP_STAGED) != 0u)

/* Byte offset of the block's vector k on a side whose J stride is j_stride (1: interleaved). */
int64_t zip_offset(uint k, int64_t j_stride)
{
    return j_stride == 1 ? int64_t(16u * k) : int64_t(k) * j_stride * ELEM_BYTES;
}

/* ZIP_STAGED (src/plan_spec.c zip_flags: an interleaved output, an odd ZIP_B): a thread's ZIP_B
 * vectors lie side by side, so one store instruction of a subgroup would write every ZIP_B-th 16
 * bytes, sectors partly. The workgroup stages its vectors in shared memory and thread t then
 * stores the workgroup's vectors t, t + WORKGROUP_SIZE, ..: consecutive threads, consecutive 16
 * bytes. Sized 1 in every other pipeline: shared memory is taken from L1. */
shared uvec4 zip_stage[ZIP_STAGED ? WORKGROUP_SIZE * ZIP_MAX : 1];
shared uint64_t zip_target[ZIP_STAGED ? WORKGROUP_SIZE : 1]; /* 0: an inactive thread */

void zip_store_staged(uvec4 dst[ZIP_MAX], uint64_t target)
{
    uint t = gl_LocalInvocationID.x;
    [[unroll]] for (uint k = 0; k < ZIP_MAX; ++k)
    {
        if (k < ZIP_B)
            zip_stage[t * ZIP_B + k] = dst[k];
    }
    zip_target[t] = target;
    barrier();
    [[unroll]] for (uint k = 0; k < ZIP_MAX; ++k)
    {
        uint v = k * WORKGROUP_SIZE + t, owner = v / ZIP_B;
        if (k < ZIP_B && zip_target[owner] != 0)
            Vector(zip_target[owner] + 16u * (v % ZIP_B)).value = zip_stage[v];
    }
}

/* Every thread of the workgroup comes here (the staged store has a barrier); an inactive one
 * only takes part in the staging. */
void zip_vectors(uint64_t linear, bool live)
{
    uint c[MAX_RANK], index = uint(linear);
    for (int d = int(RANK) - 1; d >= 0; --d)
    {
        uint size = uint(d) == ZIP_DIM ? 1u : SIZE(d) / (uint(d) == ZIP_X ? VEC_UNITS : 1u);
        c[d] = index % size;
        index /= size;
    }
    c[ZIP_X] *= VEC_UNITS;
    int64_t from = IN_BASE, to = plan_part_base(0u);
    for (uint d = 0; d < RANK; ++d)
    {
        from += int64_t(c[d]) * IN_STRIDE(d);
        to += int64_t(c[d]) * int64_t(OUT_STRIDE(d));
    }
    int64_t in_j = IN_STRIDE(ZIP_DIM), out_j = int64_t(OUT_STRIDE(ZIP_DIM));
    uint64_t source = slot_address(IN_SLOT) + uint64_t(from * ELEM_BYTES);
    uint64_t target = live ? slot_address(OUT_SLOT(0)) + uint64_t(to * ELEM_BYTES) : 0ul;
    uvec4 src[ZIP_MAX], dst[ZIP_MAX];
    [[unroll]] for (uint k = 0; k < ZIP_MAX; ++k)
    {
        dst[k] = uvec4(0u);
        if (k < ZIP_B && live)
            src[k] = VectorIn(source + uint64_t(zip_offset(k, in_j))).value;
    }
    [[unroll]] for (uint a = 0; a < VEC_UNITS; ++a)
    {
        [[unroll]] for (uint j = 0; j < ZIP_MAX; ++j)
        {
            if (j >= ZIP_B)
                continue;
            uint p = a * ZIP_B + j; /* the unit's place on the interleaved side */
            VALUE_T value = in_j == 1 ? elem_of(src[p / VEC_UNITS], p % VEC_UNITS)
                                      : elem_of(src[j], a);
            if (out_j == 1)
                insert(dst[p / VEC_UNITS], p % VEC_UNITS, value);
            else
                insert(dst[j], a, value);
        }
    }
    if (ZIP_STAGED)
    {
        zip_store_staged(dst, target);
        return;
    }
    [[unroll]] for (uint k = 0; k < ZIP_MAX; ++k)
    {
        if (k < ZIP_B && live)
            Vector(target + uint64_t(zip_offset(k, out_j))).value = dst[k];
    }
}
#endif

void main()
{
    uint64_t index = linear_index();
#ifdef PLAN_IN_CONSTANTS
    if (ZIP)
    {
        zip_vectors(index, thread_active(index));
        return;
    }
#endif
    if (!thread_active(index))
        return;
#ifdef PLAN_IN_CONSTANTS
    if (PACKED)
    {
        move_vector(uint(index));
        return;
    }
#endif
    uint rank = plan_rank();
    uint c[MAX_RANK];
    coordinates(uint(index), rank, c);
    uint part = ONE_PART ? 0u : find_part(0, plan_part_count(), c[plan_part_axis()]);
    Elem dst = elem_at(plan_part_slot(part), part_units(part, rank, c));
    uint in_part = input_part(c);
    int64_t units = input_base(in_part);
    for (uint d = 0; d < rank; ++d)
    {
        Dim dim = plan_dim(d);
        int64_t i = AFFINE ? int64_t(c[d]) : map_coordinate(dim, c[d]);
        if (i < 0)
        {
            dst.value = ELEM_FROM_UVEC4(plan_pad_value());
            return;
        }
        units += i * input_stride(in_part, dim, d);
    }
    dst.value = ELEM_TRANSFORM(elem_at(input_slot(in_part), units).value);
}
