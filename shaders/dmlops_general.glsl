/* The whole plan semantics of src/plan.h, read from the parameter block: an output part along
 * part_axis, an input part along in_part_axis (parts[part_count ..]) or the plain input, per
 * dimension the pre-map and padding map, and (where the includer defines ELEM_TRANSFORM) the
 * element's arithmetic. Included by general.comp and scale_bias.comp after dmlops_common.glsl. */
#ifndef ELEM_TRANSFORM
#define ELEM_TRANSFORM(v) (v)
#endif

void main()
{
    uint64_t index = linear_index();
    if (!thread_active(index))
        return;
    uint rank = PARAMS.rank;
    uint c[MAX_RANK];
    coordinates(uint(index), rank, c);
    uint axis = PARAMS.part_axis;
    uint part = find_part(0, PARAMS.part_count, c[axis]);
    uint x = c[axis];
    c[axis] -= PARAMS.parts[part].axis_begin;
    Elem dst = elem_at(PARAMS.parts[part].slot, output_units(part, rank, c));
    c[axis] = x;
    bool parted = PARAMS.in_part_count != 0;
    uint in_part = 0;
    if (parted)
    {
        uint in_axis = PARAMS.in_part_axis;
        in_part = find_part(PARAMS.part_count, PARAMS.in_part_count, c[in_axis]);
        c[in_axis] -= PARAMS.parts[in_part].axis_begin;
    }
    int64_t units = parted ? PARAMS.parts[in_part].base : PARAMS.in_base;
    for (uint d = 0; d < rank; ++d)
    {
        int64_t i = map_coordinate(PARAMS.dims[d], c[d]);
        if (i < 0)
        {
            dst.value = ELEM_FROM_UVEC4(PARAMS.pad_value);
            return;
        }
        units += i * (parted ? PARAMS.parts[in_part].strides[d] : PARAMS.dims[d].in_stride);
    }
    uint slot = parted ? PARAMS.parts[in_part].slot : PARAMS.in_slot;
    dst.value = ELEM_TRANSFORM(elem_at(slot, units).value);
}
