/* Indexed plans (src/plan.h, struct plan_index; decision FD7): the index block, which follows the
 * parameter block's one output part (struct dml_vk_params_index in src/vk/params_index.h, whose
 * static assertions pin this layout), and the index tuple. Included after dmlops_common.glsl. */

layout(buffer_reference, std430, buffer_reference_align = 16) readonly buffer IndexParams
{
    int64_t base;
    int64_t step;
    int64_t strides[MAX_RANK];
    int64_t data_strides[MAX_RANK];
    uint sizes[MAX_RANK];
    uint mode;
    uint slot;
    uint type;
    uint count;
    uint axis;
    uint claim_slot;
    uint slice_count; /* SCATTER_WRITE: the product of the innermost slice_rank sizes */
    uint slice_rank;
};

#define INDEX IndexParams((pc.params & ~PARAMS_ALIGN_MASK) + DMLOPS_INDEX_PARAMS_OFFSET)

/* DML_TENSOR_DATA_TYPE of the index tensor. */
#define INDEX_UINT32 3u
#define INDEX_INT32 6u
#define INDEX_UINT64 10u

layout(buffer_reference, std430, buffer_reference_align = 4) readonly buffer IndexWord
{
    uint v;
};
layout(buffer_reference, std430, buffer_reference_align = 8) readonly buffer IndexPair
{
    uvec2 v;
};

#define INT64_MAX_VALUE int64_t(0x7fffffffffffffffUL)

/* Index element e (in index elements) as a signed value. UINT64 values past INT64_MAX become
 * INT64_MAX: past every extent, as they are. */
int64_t load_index(uint64_t address, uint type, int64_t e)
{
    if (type == INDEX_INT32)
        return int64_t(int(IndexWord(address + uint64_t(e * 4)).v));
    if (type == INDEX_UINT32)
        return int64_t(uint64_t(IndexWord(address + uint64_t(e * 4)).v));
    uvec2 w = IndexPair(address + uint64_t(e * 8)).v;
    if (type == INDEX_UINT64 && (w.y & 0x80000000u) != 0u)
        return INT64_MAX_VALUE;
    return int64_t(uint64_t(w.x) | (uint64_t(w.y) << 32));
}

/* A negative index counts once from the end (only signed types give one). */
int64_t wrap_index(int64_t v, uint n)
{
    return v < 0 ? v + int64_t(n) : v;
}

/* The index element of coordinate c (component 0). */
int64_t index_element(uint rank, uint c[MAX_RANK])
{
    int64_t e = INDEX.base;
    for (uint d = 0; d < rank; ++d)
        e += int64_t(c[d]) * INDEX.strides[d];
    return e;
}

/* False when the index or claim slot is unbound (pushed slots; a slot block counts its own). */
bool index_slots_bound(bool claim)
{
    if (slots_indirect())
        return true;
    return pc.slot[INDEX.slot] != 0 && (!claim || pc.slot[INDEX.claim_slot] != 0);
}
