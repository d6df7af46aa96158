/* One DML_TENSOR_DESC and its DML_BUFFER_TENSOR_DESC: the default shape, every field patchable. */
#include <dmlops.h>

#include "fuzz_decode_internal.h"

/* FUZZ_STRIDES_* other than NULL: which dimension is fastest, padding, broadcast. */
static const struct stride_layout
{
    bool dim0_fastest;
    uint32_t pad;        /* elements added to every dimension */
    bool broadcast_even; /* stride 0 on dimensions 0, 2, 4, ... */
} layouts[FUZZ_STRIDES_COUNT] = {
    [FUZZ_STRIDES_PACKED] = {false, 0, false},
    [FUZZ_STRIDES_PADDED] = {false, 1, false},
    [FUZZ_STRIDES_REVERSED] = {true, 0, false},
    [FUZZ_STRIDES_BROADCAST] = {false, 0, true},
};

/* Wraps on overflow: these are only defaults, and a patched size may be anything. */
static void layout_strides(const struct stride_layout *layout, uint32_t n, const uint32_t *sizes,
                           uint32_t *strides)
{
    uint32_t stride = 1;

    for (uint32_t k = 0; k < n; ++k)
    {
        const uint32_t i = layout->dim0_fastest ? k : n - 1 - k;
        strides[i] = layout->broadcast_even && i % 2 == 0 ? 0 : stride;
        stride *= sizes[i] + layout->pad;
    }
}

static const UINT *decode_strides(struct fuzz_decoder *d, uint32_t t, const struct fuzz_params *p,
                                  const DML_BUFFER_TENSOR_DESC *b)
{
    const uint32_t mode =
        fd_u32(d, FF_STRIDES_MODE, t, 0, p->stride_modes[FUZZ_TENSOR_IS_INPUT(t) ? 0 : 1]);
    const uint32_t n = b->DimensionCount < FUZZ_RANK_MAX ? b->DimensionCount : FUZZ_RANK_MAX;
    uint32_t sizes[FUZZ_RANK_MAX], defaults[FUZZ_RANK_MAX];

    if (mode == FUZZ_STRIDES_NULL || mode >= FUZZ_STRIDES_COUNT)
        return NULL;
    for (uint32_t i = 0; i < n; ++i)
        sizes[i] = b->Sizes ? b->Sizes[i] : 1;
    layout_strides(&layouts[mode], n, sizes, defaults);
    return fd_array(d, FF_STRIDE, t, b->DimensionCount, defaults, n);
}

/* DMLCalcBufferTensorSize of the desc as patched so far, when that can be asked safely. */
static uint64_t default_total(const DML_BUFFER_TENSOR_DESC *b)
{
    if (b->DimensionCount > FUZZ_RANK_MAX || (b->DimensionCount && !b->Sizes))
        return 16;
    return dmlopsCalcBufferTensorSize(b->DataType, b->DimensionCount, b->Sizes, b->Strides);
}

static void decode_buffer(struct fuzz_decoder *d, uint32_t t, const struct fuzz_params *p,
                          const struct fuzz_shape *shape, DML_TENSOR_FLAGS flags,
                          DML_BUFFER_TENSOR_DESC *b)
{
    b->DataType = (DML_TENSOR_DATA_TYPE)fd_u32(
        d, FF_DATA_TYPE, t, 0, FUZZ_TENSOR_IS_INPUT(t) ? p->data_type : p->out_data_type);
    b->Flags = (DML_TENSOR_FLAGS)fd_u32(d, FF_FLAGS, t, 0, flags);
    b->DimensionCount = fd_u32(d, FF_DIMENSION_COUNT, t, 0, shape->rank);
    b->Sizes = NULL;
    if (fd_present(d, FF_SIZES_PTR, t, 0))
        b->Sizes = fd_array(d, FF_SIZE, t, b->DimensionCount, shape->sizes, shape->rank);
    b->Strides = decode_strides(d, t, p, b);
    b->TotalTensorSizeInBytes = fd_u64(d, FF_TOTAL_SIZE, t, 0, default_total(b));
    b->GuaranteedBaseOffsetAlignment = fd_u32(d, FF_ALIGNMENT, t, 0, 0);
}

void fd_tensor_into(struct fuzz_decoder *d, uint32_t tensor, const struct fuzz_params *p,
                    const struct fuzz_shape *shape, DML_TENSOR_FLAGS flags, DML_TENSOR_DESC *slot)
{
    DML_BUFFER_TENSOR_DESC *b;

    slot->Type = DML_TENSOR_TYPE_INVALID;
    slot->Desc = NULL;
    if (!fd_present(d, FF_TENSOR_PTR, tensor, 0) || !(b = fd_alloc(d, 1, sizeof(*b))))
        return;
    decode_buffer(d, tensor, p, shape, flags, b);
    slot->Type = (DML_TENSOR_TYPE)fd_u32(d, FF_TENSOR_TYPE, tensor, 0, DML_TENSOR_TYPE_BUFFER);
    if (fd_present(d, FF_BUFFER_PTR, tensor, 0))
        slot->Desc = b;
}

const DML_TENSOR_DESC *fd_tensor(struct fuzz_decoder *d, uint32_t tensor,
                                 const struct fuzz_params *p, const struct fuzz_shape *shape,
                                 DML_TENSOR_FLAGS flags)
{
    DML_TENSOR_DESC *slot;

    if (!fd_present(d, FF_TENSOR_PTR, tensor, 0) || !(slot = fd_alloc(d, 1, sizeof(*slot))))
        return NULL;
    fd_tensor_into(d, tensor, p, shape, flags, slot);
    return slot;
}
