/* The whole plan semantics of src/plan.h, read from the parameter block: an output part along
 * part_axis, an input part along in_part_axis (parts[part_count ..]) or the plain input, per
 * dimension the pre-map and padding map, and (where the includer defines ELEM_TRANSFORM) the
 * element's arithmetic. Included by move.comp and scale_bias.comp after dmlops_common.glsl.
 *
 * MOVE_FORM (a specialization constant, DMLOPS_MOVE_* bits) tells a pipeline what its plans
 * leave out: one output part, no input parts, no padded dimension. The compiler then drops that
 * code and those reads, so a COPY plan's pipeline is a plain strided copy; 0, the default,
 * leaves nothing out and reads all of it from the parameter block (GENERAL plans). move.comp's
 * pipelines built in MODE_MOVE (src/plan_spec.c) read the whole plan from constants instead:
 * the same walk with every divisor and map known to the compiler. */
#ifndef ELEM_TRANSFORM
#define ELEM_TRANSFORM(v) (v)
#endif

layout(constant_id = DMLOPS_SPEC_ID_MOVE_FORM) const uint MOVE_FORM = 0u;
/* A MODE_MOVE pipeline (plan in constants, form 0) knows its part count and has one input. */
#define ONE_PART CONSTANT_OR(PARTS == 1u, (MOVE_FORM & DMLOPS_MOVE_ONE_PART) != 0u)
#define ONE_INPUT CONSTANT_OR(true, (MOVE_FORM & DMLOPS_MOVE_ONE_INPUT) != 0u)
#define AFFINE ((MOVE_FORM & DMLOPS_MOVE_AFFINE) != 0u)

/* Output part k's units at c, c's part_axis coordinate taken relative to the part (part 0
 * begins at 0). */
int64_t part_units(uint k, uint rank, uint c[MAX_RANK])
{
    int64_t units = output_units(k, rank, c);
    if (k != 0u)
        units -= int64_t(plan_part_begin(k)) * plan_part_stride(k, plan_part_axis());
    return units;
}

void main()
{
    uint64_t index = linear_index();
    if (!thread_active(index))
        return;
    uint rank = plan_rank();
    uint c[MAX_RANK];
    coordinates(uint(index), rank, c);
    uint part = ONE_PART ? 0u : find_part(0, plan_part_count(), c[plan_part_axis()]);
    Elem dst = elem_at(plan_part_slot(part), part_units(part, rank, c));
    bool parted = !ONE_INPUT && PARAMS.in_part_count != 0;
    uint in_part = 0;
    if (parted)
    {
        uint in_axis = PARAMS.in_part_axis;
        in_part = find_part(PARAMS.part_count, PARAMS.in_part_count, c[in_axis]);
        c[in_axis] -= plan_part_begin(in_part);
    }
    int64_t units = parted ? plan_part_base(in_part) : plan_in_base();
    for (uint d = 0; d < rank; ++d)
    {
        Dim dim = plan_dim(d);
        int64_t i = AFFINE ? int64_t(c[d]) : map_coordinate(dim, c[d]);
        if (i < 0)
        {
            dst.value = ELEM_FROM_UVEC4(plan_pad_value());
            return;
        }
        units += i * (parted ? plan_part_stride(in_part, d) : dim.in_stride);
    }
    uint slot = parted ? plan_part_slot(in_part) : plan_in_slot();
    dst.value = ELEM_TRANSFORM(elem_at(slot, units).value);
}
