#version 450
/* PLAN_KERNEL_GATHER (src/plan.h, indexed plans): the input address moved by the index tuple,
 * x_j clamped into [0, n_j) (GATHER), a reversed prefix (REVERSE) or the on/off choice
 * (ONE_HOT), so that no index value reads outside the input. */
#extension GL_GOOGLE_include_directive : require
#include "dmlops_common.glsl"
#include "dmlops_index.glsl"

int64_t gathered(uint mode, int64_t v, uint n, uint at)
{
    if (mode == DMLOPS_INDEX_REVERSE)
    {
        int64_t length = min(v, int64_t(n)); /* lengths are unsigned: v >= 0 */
        return int64_t(at) < length ? length - 1 - int64_t(at) : int64_t(at);
    }
    v = wrap_index(v, n);
    if (mode == DMLOPS_INDEX_ONE_HOT)
        return v == int64_t(at) ? 1 : 0;
    return clamp(v, int64_t(0), int64_t(n) - 1);
}

void main()
{
    uint64_t index = linear_index();
    if (!thread_active(index) || !index_slots_bound(false))
        return;
    uint rank = PARAMS.rank;
    uint c[MAX_RANK];
    coordinates(uint(index), rank, c);
    /* Fields read once: a loop bound read from the block each time (j < INDEX.count) makes the
     * validation layer's GPU-assisted instrumentation fail pipeline creation (1.3.239). */
    uint mode = INDEX.mode, type = INDEX.type, count = INDEX.count, at = c[INDEX.axis];
    uint64_t indices = slot_address(INDEX.slot);
    int64_t e = index_element(rank, c), step = INDEX.step;
    int64_t units = input_units_affine(rank, c);
    for (uint j = 0; j < count; ++j)
    {
        int64_t v = load_index(indices, type, e + int64_t(j) * step);
        units += gathered(mode, v, INDEX.sizes[j], at) * INDEX.data_strides[j];
    }
    Elem dst = elem_at(PARAMS.parts[0].slot, output_units(0u, rank, c));
    dst.value = elem_at(PARAMS.in_slot, units).value;
}
