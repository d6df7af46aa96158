/* Random graphs for the graph differential (gr_gen.h). A value of B bytes, of which the first W
 * hold defined data, is read by each consumer through a desc of its own: any element type, any
 * rank, strides within W (a consumer of a graph input may declare a smaller TotalTensorSizeInBytes
 * than the binding, GD7; every other consumer declares B, G-E1). Each node writes dense outputs,
 * so its output value's W is the elements' bytes and B that rounded up to 4. */
#include "gr_gen.h"

#include <stdio.h>
#include <string.h>

#define MAX_RANK 8
#define MAX_DESCS (2 * GR_MAX_NODE_IO)
#define GROWING_BUDGET 96u /* elements of the input of an operator whose output is larger */
#define PLAIN_BUDGET 384u  /* elements of the input of any other */

uint32_t gr_next(struct gr_rng *rng, uint32_t bound)
{
    rng->state = rng->state * 6364136223846793005ull + 1442695040888963407ull;
    return bound ? (uint32_t)((rng->state >> 33) % bound) : 0;
}

/* ---- element types ---- */

static const DML_TENSOR_DATA_TYPE types_by_size[9][3] = {
    [1] = {DML_TENSOR_DATA_TYPE_UINT8, DML_TENSOR_DATA_TYPE_INT8, DML_TENSOR_DATA_TYPE_UINT8},
    [2] = {DML_TENSOR_DATA_TYPE_UINT16, DML_TENSOR_DATA_TYPE_INT16, DML_TENSOR_DATA_TYPE_FLOAT16},
    [4] = {DML_TENSOR_DATA_TYPE_UINT32, DML_TENSOR_DATA_TYPE_INT32, DML_TENSOR_DATA_TYPE_FLOAT32},
    [8] = {DML_TENSOR_DATA_TYPE_UINT64, DML_TENSOR_DATA_TYPE_INT64, DML_TENSOR_DATA_TYPE_FLOAT64},
};

static uint32_t type_size(DML_TENSOR_DATA_TYPE type)
{
    for (uint32_t s = 1; s <= 8; s *= 2)
        for (uint32_t i = 0; i < 3; ++i)
            if (types_by_size[s][i] == type)
                return s;
    return 4;
}

static bool is_float(DML_TENSOR_DATA_TYPE type)
{
    return type == DML_TENSOR_DATA_TYPE_FLOAT16 || type == DML_TENSOR_DATA_TYPE_FLOAT32 ||
           type == DML_TENSOR_DATA_TYPE_FLOAT64;
}

static DML_TENSOR_DATA_TYPE pick_type(struct gr_rng *rng, uint32_t size)
{
    return types_by_size[size][gr_next(rng, 3)];
}

/* An element size of at most `bytes` (1, 2, 4 or 8). */
static uint32_t pick_size(struct gr_rng *rng, uint32_t bytes)
{
    uint32_t s = 1u << gr_next(rng, 4);

    while (s > bytes)
        s /= 2;
    return s;
}

/* ---- views: a tensor desc over a value ---- */

struct view
{
    DML_TENSOR_DATA_TYPE type;
    uint32_t rank;
    uint32_t sizes[MAX_RANK], strides[MAX_RANK];
    uint64_t total;
    bool owned;
};

static uint64_t elements(const uint32_t *sizes, uint32_t rank)
{
    uint64_t n = 1;

    for (uint32_t d = 0; d < rank; ++d)
        n *= sizes[d];
    return n;
}

/* Bytes from the first element's first byte to the last element's last one. */
static uint64_t extent(const struct view *v)
{
    uint64_t last = 0;

    for (uint32_t d = 0; d < v->rank; ++d)
        last += (uint64_t)(v->sizes[d] - 1) * v->strides[d];
    return (last + 1) * type_size(v->type);
}

static uint64_t round4(uint64_t bytes)
{
    return (bytes + 3) & ~3ull;
}

/* Dense strides, dims in `order` from the innermost. */
static void dense(struct view *v, const uint32_t *order)
{
    uint32_t stride = 1;

    for (uint32_t i = 0; i < v->rank; ++i)
    {
        v->strides[order[i]] = stride;
        stride *= v->sizes[order[i]];
    }
}

static void row_major(struct view *v)
{
    uint32_t order[MAX_RANK];

    for (uint32_t i = 0; i < v->rank; ++i)
        order[i] = v->rank - 1 - i;
    dense(v, order);
}

/* A random order of the dims; true when it is not row-major. */
static bool permuted(struct gr_rng *rng, struct view *v)
{
    uint32_t order[MAX_RANK];
    bool moved = false;

    for (uint32_t i = 0; i < v->rank; ++i)
        order[i] = v->rank - 1 - i;
    for (uint32_t i = v->rank; i > 1; --i)
    {
        uint32_t j = gr_next(rng, i), t = order[i - 1];
        order[i - 1] = order[j];
        order[j] = t;
    }
    dense(v, order);
    for (uint32_t d = 0; d + 1 < v->rank; ++d)
        moved |= v->sizes[d] > 1 && v->strides[d] < v->strides[d + 1] && v->sizes[d + 1] > 1;
    return moved;
}

/* Random sizes of `rank` dims with at most `budget` elements (each at most `cap`). */
static void pick_shape(struct gr_rng *rng, uint32_t rank, uint64_t budget, uint32_t cap,
                       uint32_t *sizes)
{
    uint64_t product = 1;
    uint32_t order[MAX_RANK];

    for (uint32_t d = 0; d < rank; ++d)
        order[d] = d;
    for (uint32_t d = rank; d > 1; --d) /* the large dims anywhere */
    {
        uint32_t j = gr_next(rng, d), t = order[d - 1];
        order[d - 1] = order[j];
        order[j] = t;
    }
    for (uint32_t i = 0; i < rank; ++i)
    {
        uint64_t room = budget / product;
        uint32_t most = (uint32_t)(room < cap ? room : cap);

        sizes[order[i]] = 1 + gr_next(rng, most ? most : 1);
        product *= sizes[order[i]];
    }
}

static uint32_t pick_rank(struct gr_rng *rng)
{
    uint32_t r = gr_next(rng, 20);

    return r < 4 ? 1 : r < 9 ? 2 : r < 13 ? 3 : r < 18 ? 4 : 5 + gr_next(rng, 4);
}

/* ---- what one node is built from ---- */

struct build
{
    IDMLDevice *device;
    struct gr_graph *g;
    struct gr_rng *rng;
    struct gr_node *node;
    struct view in;  /* input 0's view */
    uint32_t budget; /* elements input 0 may have */
    uint32_t block;  /* DEPTH_TO_SPACE, SPACE_TO_DEPTH: BlockSize */
    UINT sizes[MAX_DESCS][MAX_RANK], strides[MAX_DESCS][MAX_RANK];
    DML_BUFFER_TENSOR_DESC buffers[MAX_DESCS];
    DML_TENSOR_DESC tensors[MAX_DESCS];
    uint32_t desc_count;
};

static void stat(struct build *b, enum gr_stat s)
{
    ++b->g->stats[s];
}

/* The DML_TENSOR_DESC of a view, kept in b until CreateOperator returns. */
static const DML_TENSOR_DESC *desc_of(struct build *b, const struct view *v)
{
    uint32_t i = b->desc_count++;

    for (uint32_t d = 0; d < v->rank; ++d)
    {
        b->sizes[i][d] = v->sizes[d];
        b->strides[i][d] = v->strides[d];
    }
    b->buffers[i] =
        (DML_BUFFER_TENSOR_DESC){v->type,
                                 v->owned ? DML_TENSOR_FLAG_OWNED_BY_DML : DML_TENSOR_FLAG_NONE,
                                 v->rank,
                                 b->sizes[i],
                                 b->strides[i],
                                 v->total,
                                 0};
    b->tensors[i] = (DML_TENSOR_DESC){DML_TENSOR_TYPE_BUFFER, &b->buffers[i]};
    return &b->tensors[i];
}

/* A view of value vi with the given type and sizes: row-major, or permuted, gapped or broadcast
 * strides where they fit in what the value holds. False when not even row-major fits. */
static bool read_view(struct build *b, uint32_t vi, struct view *v)
{
    const struct gr_value *value = &b->g->values[vi];
    uint32_t r = gr_next(b->rng, 10);

    v->owned = value->kind == GR_INPUT && value->owned;
    row_major(v);
    if (extent(v) > value->written)
        return false;
    if (r >= 6 && r < 8 && v->rank > 1)
    {
        if (permuted(b->rng, v) && extent(v) <= value->written)
            stat(b, GR_STAT_PERMUTED_VIEWS);
        else
            row_major(v);
    }
    else if (r == 8) /* a gap: every dim from one outwards twice as far apart */
    {
        uint32_t from = gr_next(b->rng, v->rank);

        for (uint32_t d = 0; d <= from; ++d)
            v->strides[d] *= 2;
        if (v->sizes[from] > 1 && extent(v) <= value->written)
            stat(b, GR_STAT_GAPPED_VIEWS);
        else
            row_major(v);
    }
    else if (r == 9) /* one dim read again and again */
    {
        uint32_t d = gr_next(b->rng, v->rank);

        if (v->sizes[d] > 1)
            v->strides[d] = 0, stat(b, GR_STAT_BROADCAST_VIEWS);
    }
    v->total = value->bytes;
    if (value->kind == GR_INPUT) /* GD7: consumers of one input may declare less */
    {
        uint64_t least = round4(extent(v));
        v->total = least + 4 * gr_next(b->rng, (uint32_t)((value->bytes - least) / 4 + 1));
    }
    if (v->rank > 1)
        stat(b, GR_STAT_MULTI_DIM_VIEWS);
    if (v->rank > 4)
        stat(b, GR_STAT_HIGH_RANK_VIEWS);
    if (value->kind == GR_NODE_OUTPUT && value->type != (uint32_t)v->type)
        stat(b, type_size(v->type) == type_size((DML_TENSOR_DATA_TYPE)value->type)
                    ? GR_STAT_SAME_SIZE_REINTERPRET
                    : GR_STAT_OTHER_SIZE_REINTERPRET);
    return true;
}

/* A dense output of the given type and sizes, sometimes written through permuted strides. */
static struct view write_view(struct build *b, DML_TENSOR_DATA_TYPE type, uint32_t rank,
                              const uint32_t *sizes)
{
    struct view v = {.type = type, .rank = rank};

    memcpy(v.sizes, sizes, rank * sizeof(*sizes));
    row_major(&v);
    if (rank > 1 && gr_next(b->rng, 4) == 0 && permuted(b->rng, &v))
        stat(b, GR_STAT_PERMUTED_OUTPUTS);
    v.total = round4(elements(sizes, rank) * type_size(type));
    return v;
}

static uint32_t add_value(struct gr_graph *g, enum gr_value_kind kind, uint32_t bytes)
{
    struct gr_value *v = &g->values[g->value_count];

    memset(v, 0, sizeof(*v));
    v->kind = kind;
    v->bytes = v->written = bytes;
    return g->value_count++;
}

/* Output k of the node: a new value holding out's elements. */
static const DML_TENSOR_DESC *output(struct build *b, uint32_t k, const struct view *out)
{
    uint32_t v = add_value(b->g, GR_NODE_OUTPUT, (uint32_t)out->total);

    b->g->values[v].written = (uint32_t)(elements(out->sizes, out->rank) * type_size(out->type));
    b->g->values[v].index = (uint32_t)(b->node - b->g->nodes);
    b->g->values[v].output = k;
    b->g->values[v].type = out->type;
    b->node->outputs[k] = v;
    b->node->output_count = k + 1;
    return desc_of(b, out);
}

static IDMLOperator *create(IDMLDevice *device, DML_OPERATOR_TYPE type, const void *desc)
{
    DML_OPERATOR_DESC op = {type, desc};
    IDMLOperator *out = NULL;

    if (FAILED(IDMLDevice_CreateOperator(device, &op, &IID_IDMLOperator, (void **)&out)))
        return NULL;
    return out;
}

/* ---- one maker per operator: input 0's view is b->in ---- */

static IDMLOperator *make_slice1(struct build *b)
{
    UINT offsets[MAX_RANK], windows[MAX_RANK];
    INT strides[MAX_RANK];
    uint32_t out[MAX_RANK];
    bool reversed = false;

    for (uint32_t d = 0; d < b->in.rank; ++d)
    {
        uint32_t n = b->in.sizes[d], m = 1 + gr_next(b->rng, 3);

        windows[d] = 1 + gr_next(b->rng, n);
        offsets[d] = gr_next(b->rng, n - windows[d] + 1);
        strides[d] = gr_next(b->rng, 3) ? (INT)m : -(INT)m;
        reversed |= strides[d] < 0 && windows[d] > 1;
        out[d] = 1 + (windows[d] - 1) / m;
    }
    if (reversed)
        stat(b, GR_STAT_REVERSED_SLICES);
    struct view o = write_view(b, b->in.type, b->in.rank, out);
    DML_SLICE1_OPERATOR_DESC desc = {
        desc_of(b, &b->in), output(b, 0, &o), b->in.rank, offsets, windows, strides};
    return create(b->device, DML_OPERATOR_SLICE1, &desc);
}

static IDMLOperator *make_slice(struct build *b)
{
    UINT offsets[MAX_RANK], sizes[MAX_RANK], strides[MAX_RANK];
    uint32_t out[MAX_RANK];

    for (uint32_t d = 0; d < b->in.rank; ++d)
    {
        uint32_t n = b->in.sizes[d];

        strides[d] = 1 + gr_next(b->rng, 3);
        sizes[d] = out[d] = 1 + gr_next(b->rng, 1 + (n - 1) / strides[d]);
        offsets[d] = gr_next(b->rng, n - (sizes[d] - 1) * strides[d]);
    }
    struct view o = write_view(b, b->in.type, b->in.rank, out);
    DML_SLICE_OPERATOR_DESC desc = {
        desc_of(b, &b->in), output(b, 0, &o), b->in.rank, offsets, sizes, strides};
    return create(b->device, DML_OPERATOR_SLICE, &desc);
}

/* An axis whose size is at least `least` (UINT32_MAX: none). */
static uint32_t pick_axis(struct build *b, uint32_t least)
{
    uint32_t start = gr_next(b->rng, b->in.rank);

    for (uint32_t i = 0; i < b->in.rank; ++i)
        if (b->in.sizes[(start + i) % b->in.rank] >= least)
            return (start + i) % b->in.rank;
    return UINT32_MAX;
}

static IDMLOperator *make_split(struct build *b)
{
    uint32_t axis = pick_axis(b, 2), count, left, sizes[MAX_RANK];
    DML_TENSOR_DESC outs[GR_MAX_NODE_IO];

    if (axis == UINT32_MAX)
        return NULL;
    count = 2 + gr_next(b->rng, 3);
    if (count > b->in.sizes[axis])
        count = b->in.sizes[axis];
    left = b->in.sizes[axis] - count; /* each part gets one, then the rest at random */
    memcpy(sizes, b->in.sizes, sizeof(sizes));
    const DML_TENSOR_DESC *in = desc_of(b, &b->in);
    for (uint32_t k = 0; k < count; ++k)
    {
        uint32_t extra = k + 1 == count ? left : gr_next(b->rng, left + 1);

        sizes[axis] = 1 + extra;
        left -= extra;
        struct view o = write_view(b, b->in.type, b->in.rank, sizes);
        outs[k] = *output(b, k, &o);
    }
    DML_SPLIT_OPERATOR_DESC desc = {in, count, outs, axis};
    return create(b->device, DML_OPERATOR_SPLIT, &desc);
}

static uint32_t pick_value(struct gr_graph *g, struct gr_rng *rng, uint32_t bytes, bool constants);

/* JOIN of input 0 and one or two more values read with its type and non-axis sizes; a value that
 * holds too little for any of them gives way to input 0's own value and view. */
static IDMLOperator *make_join(struct build *b)
{
    uint32_t axis = gr_next(b->rng, b->in.rank), count = 2 + gr_next(b->rng, 2), sizes[MAX_RANK];
    DML_TENSOR_DESC ins[GR_MAX_NODE_IO];

    memcpy(sizes, b->in.sizes, sizeof(sizes));
    ins[0] = *desc_of(b, &b->in);
    sizes[axis] = b->in.sizes[axis];
    for (uint32_t i = 1; i < count; ++i)
    {
        struct view v = {.type = b->in.type, .rank = b->in.rank};
        uint32_t vi = b->node->inputs[0];

        memcpy(v.sizes, b->in.sizes, sizeof(v.sizes));
        for (int tries = 0; tries < 4; ++tries)
        {
            uint32_t candidate = pick_value(b->g, b->rng, 1, false);

            v.sizes[axis] = 1 + gr_next(b->rng, 4);
            if (read_view(b, candidate, &v))
            {
                vi = candidate;
                break;
            }
        }
        if (vi == b->node->inputs[0] && (v.sizes[axis] = b->in.sizes[axis], !read_view(b, vi, &v)))
            v = b->in;
        b->node->inputs[i] = vi;
        ins[i] = *desc_of(b, &v);
        sizes[axis] += v.sizes[axis];
    }
    b->node->input_count = count;
    struct view o = write_view(b, b->in.type, b->in.rank, sizes);
    DML_JOIN_OPERATOR_DESC desc = {count, ins, output(b, 0, &o), axis};
    return create(b->device, DML_OPERATOR_JOIN, &desc);
}

/* PADDING or PADDING1 of up to 2 elements each side on up to three dims; a mode that would read
 * past a short dim (reflection: pad < size; symmetric and wrap: pad <= size) becomes CONSTANT. */
static IDMLOperator *make_pad(struct build *b)
{
    bool v1 = b->node->type == DML_OPERATOR_PADDING1;
    UINT start[MAX_RANK] = {0}, end[MAX_RANK] = {0};
    uint32_t out[MAX_RANK], padded = 0;
    DML_PADDING_MODE mode = (DML_PADDING_MODE)gr_next(b->rng, 5);
    uint64_t count = 1;

    for (uint32_t d = 0; d < b->in.rank; ++d)
    {
        if (padded < 3 && gr_next(b->rng, 2))
        {
            start[d] = gr_next(b->rng, 3);
            end[d] = gr_next(b->rng, 3);
            padded += start[d] || end[d];
        }
        if ((mode == DML_PADDING_MODE_REFLECTION &&
             (start[d] >= b->in.sizes[d] || end[d] >= b->in.sizes[d])) ||
            ((mode == DML_PADDING_MODE_SYMMETRIC || mode == DML_PADDING_MODE_WRAP) &&
             (start[d] > b->in.sizes[d] || end[d] > b->in.sizes[d])))
            mode = DML_PADDING_MODE_CONSTANT;
        out[d] = b->in.sizes[d] + start[d] + end[d];
        count *= out[d];
    }
    if (count * type_size(b->in.type) > GR_MAX_BYTES)
        return NULL;
    struct view o = write_view(b, b->in.type, b->in.rank, out);
    if (v1)
    {
        DML_SCALAR_UNION value;

        for (size_t i = 0; i < sizeof(value.Bytes); ++i)
            value.Bytes[i] = (BYTE)gr_next(b->rng, 256);
        DML_PADDING1_OPERATOR_DESC desc = {
            desc_of(b, &b->in), output(b, 0, &o), mode, b->in.type, value, b->in.rank, start, end};
        return create(b->device, DML_OPERATOR_PADDING1, &desc);
    }
    DML_PADDING_OPERATOR_DESC desc = {desc_of(b, &b->in),
                                      output(b, 0, &o),
                                      mode,
                                      (FLOAT)gr_next(b->rng, 100) - 20.5f,
                                      b->in.rank,
                                      start,
                                      end};
    return create(b->device, DML_OPERATOR_PADDING, &desc);
}

/* A copy, a transpose (permuted output strides), or x * scale + bias on floats. */
static IDMLOperator *make_identity(struct build *b)
{
    DML_SCALE_BIAS scale_bias = {(FLOAT)gr_next(b->rng, 5) - 2.0f, 0.25f * gr_next(b->rng, 9)};
    bool scaled = b->g->float64 && is_float(b->in.type) && gr_next(b->rng, 3) == 0;
    struct view o = write_view(b, b->in.type, b->in.rank, b->in.sizes);

    if (scaled)
        stat(b, GR_STAT_SCALE_BIAS);
    DML_ELEMENT_WISE_IDENTITY_OPERATOR_DESC desc = {desc_of(b, &b->in), output(b, 0, &o),
                                                    scaled ? &scale_bias : NULL};
    return create(b->device, DML_OPERATOR_ELEMENT_WISE_IDENTITY, &desc);
}

static IDMLOperator *make_tile(struct build *b)
{
    UINT repeats[MAX_RANK];
    uint32_t out[MAX_RANK];
    uint64_t count = elements(b->in.sizes, b->in.rank);

    for (uint32_t d = 0; d < b->in.rank; ++d)
    {
        repeats[d] = 1 + gr_next(b->rng, 3);
        if ((count * repeats[d]) * type_size(b->in.type) > GR_MAX_BYTES)
            repeats[d] = 1;
        count *= repeats[d];
        out[d] = b->in.sizes[d] * repeats[d];
    }
    struct view o = write_view(b, b->in.type, b->in.rank, out);
    DML_TILE_OPERATOR_DESC desc = {desc_of(b, &b->in), output(b, 0, &o), b->in.rank, repeats};
    return create(b->device, DML_OPERATOR_TILE, &desc);
}

static IDMLOperator *make_cast(struct build *b)
{
    DML_TENSOR_DATA_TYPE to = pick_type(b->rng, 1u << gr_next(b->rng, 4));
    struct view o = write_view(b, to, b->in.rank, b->in.sizes);

    if (elements(o.sizes, o.rank) * type_size(to) > GR_MAX_BYTES)
        return NULL;
    DML_CAST_OPERATOR_DESC desc = {desc_of(b, &b->in), output(b, 0, &o)};
    return create(b->device, DML_OPERATOR_CAST, &desc);
}

/* DEPTH_TO_SPACE(1) or SPACE_TO_DEPTH(1) of b->in, which pick_input made 4-D with sizes
 * divisible by b->block. */
static IDMLOperator *make_depth_space(struct build *b)
{
    DML_OPERATOR_TYPE type = b->node->type;
    bool to_space = type == DML_OPERATOR_DEPTH_TO_SPACE || type == DML_OPERATOR_DEPTH_TO_SPACE1;
    bool v1 = type == DML_OPERATOR_DEPTH_TO_SPACE1 || type == DML_OPERATOR_SPACE_TO_DEPTH1;
    UINT block = b->block, bb = block * block;
    uint32_t out[4];
    DML_DEPTH_SPACE_ORDER order = (DML_DEPTH_SPACE_ORDER)gr_next(b->rng, 2);

    out[0] = b->in.sizes[0];
    out[1] = to_space ? b->in.sizes[1] / bb : b->in.sizes[1] * bb;
    out[2] = to_space ? b->in.sizes[2] * block : b->in.sizes[2] / block;
    out[3] = to_space ? b->in.sizes[3] * block : b->in.sizes[3] / block;
    struct view o = write_view(b, b->in.type, 4, out);
    const DML_TENSOR_DESC *in = desc_of(b, &b->in), *outd = output(b, 0, &o);
    DML_DEPTH_TO_SPACE1_OPERATOR_DESC desc1 = {in, outd, block, order};
    DML_DEPTH_TO_SPACE_OPERATOR_DESC desc0 = {in, outd, block};

    return create(b->device, type, v1 ? (const void *)&desc1 : (const void *)&desc0);
}

/* ---- the index-carrying operators, the generators and SLICE_GRAD ---- */

static const DML_TENSOR_DATA_TYPE index_types[] = {
    DML_TENSOR_DATA_TYPE_INT32, DML_TENSOR_DATA_TYPE_UINT32, DML_TENSOR_DATA_TYPE_INT64,
    DML_TENSOR_DATA_TYPE_UINT64};

static DML_TENSOR_DATA_TYPE pick_index_type(struct gr_rng *rng)
{
    return index_types[gr_next(rng, 4)];
}

/* Input i of the node: a value, picked at random, read through a view of this type and sizes; its
 * bytes, whatever they are, are the indices (FD7 makes every value safe). NULL when none fits. */
static const DML_TENSOR_DESC *extra_input(struct build *b, uint32_t i, DML_TENSOR_DATA_TYPE type,
                                          uint32_t rank, const uint32_t *sizes)
{
    struct view v = {.type = type, .rank = rank};

    memcpy(v.sizes, sizes, rank * sizeof(*sizes));
    for (int tries = 0; tries < 4; ++tries)
    {
        uint32_t vi = pick_value(b->g, b->rng, 1, false);

        if (read_view(b, vi, &v))
        {
            b->node->inputs[i] = vi;
            b->node->input_count = i + 1;
            return desc_of(b, &v);
        }
    }
    return NULL;
}

/* A dense output of these sizes when it fits a value. */
static bool fits(DML_TENSOR_DATA_TYPE type, uint32_t rank, const uint32_t *sizes)
{
    return elements(sizes, rank) * type_size(type) <= GR_MAX_BYTES;
}

static DML_SCALAR_UNION random_scalar(struct gr_rng *rng)
{
    DML_SCALAR_UNION value;

    for (size_t i = 0; i < sizeof(value.Bytes); ++i)
        value.Bytes[i] = (BYTE)gr_next(rng, 256);
    return value;
}

/* GATHER along a random axis by 1-4 indices ({1, ..., 1, m}, IndexDimensions 1). */
static IDMLOperator *make_gather(struct build *b)
{
    uint32_t r = b->in.rank, axis = gr_next(b->rng, r), m = 1 + gr_next(b->rng, 4);
    uint32_t isz[MAX_RANK], out[MAX_RANK];

    memcpy(out, b->in.sizes, sizeof(out));
    out[axis] = m;
    for (uint32_t d = 0; d < r; ++d)
        isz[d] = d + 1 == r ? m : 1;
    if (!fits(b->in.type, r, out))
        return NULL;
    const DML_TENSOR_DESC *in = desc_of(b, &b->in);
    const DML_TENSOR_DESC *indices = extra_input(b, 1, pick_index_type(b->rng), r, isz);
    if (!indices)
        return NULL;
    struct view o = write_view(b, b->in.type, r, out);
    DML_GATHER_OPERATOR_DESC desc = {in, indices, output(b, 0, &o), axis, 1};
    return create(b->device, DML_OPERATOR_GATHER, &desc);
}

/* Indices of the input's sizes but 1-4 along a random axis: GATHER_ELEMENTS' output, or
 * SCATTER_ELEMENTS' updates. */
static uint32_t elements_indices(struct build *b, uint32_t *sizes)
{
    uint32_t axis = gr_next(b->rng, b->in.rank);

    memcpy(sizes, b->in.sizes, MAX_RANK * sizeof(*sizes));
    sizes[axis] = 1 + gr_next(b->rng, 4);
    return axis;
}

static IDMLOperator *make_gather_elements(struct build *b)
{
    uint32_t isz[MAX_RANK], axis = elements_indices(b, isz);

    if (!fits(b->in.type, b->in.rank, isz))
        return NULL;
    const DML_TENSOR_DESC *in = desc_of(b, &b->in);
    const DML_TENSOR_DESC *indices = extra_input(b, 1, pick_index_type(b->rng), b->in.rank, isz);
    if (!indices)
        return NULL;
    struct view o = write_view(b, b->in.type, b->in.rank, isz);
    DML_GATHER_ELEMENTS_OPERATOR_DESC desc = {in, indices, output(b, 0, &o), axis};
    return create(b->device, DML_OPERATOR_GATHER_ELEMENTS, &desc);
}

/* SCATTER_ELEMENTS: updates of the input's type read from any value, duplicates included. */
static IDMLOperator *make_scatter(struct build *b)
{
    uint32_t isz[MAX_RANK], axis = elements_indices(b, isz);
    const DML_TENSOR_DESC *in = desc_of(b, &b->in);
    const DML_TENSOR_DESC *indices = extra_input(b, 1, pick_index_type(b->rng), b->in.rank, isz);
    const DML_TENSOR_DESC *updates =
        indices ? extra_input(b, 2, b->in.type, b->in.rank, isz) : NULL;
    if (!updates)
        return NULL;
    struct view o = write_view(b, b->in.type, b->in.rank, b->in.sizes);
    DML_SCATTER_OPERATOR_DESC desc = {in, indices, updates, output(b, 0, &o), axis};
    return create(b->device, DML_OPERATOR_SCATTER_ELEMENTS, &desc);
}

/* ONE_HOT: input 0 read again as indices (1 along Axis), 2-3 values of a random type (the
 * output's rank, T10: {1, ..., 1, n}). */
static IDMLOperator *make_one_hot(struct build *b)
{
    uint32_t r = b->in.rank, axis = gr_next(b->rng, r), out[MAX_RANK], vsz[MAX_RANK];
    DML_TENSOR_DATA_TYPE type = pick_type(b->rng, 1u << gr_next(b->rng, 4));
    struct view indices = {.type = pick_index_type(b->rng), .rank = r};

    memcpy(indices.sizes, b->in.sizes, sizeof(indices.sizes));
    indices.sizes[axis] = 1;
    memcpy(out, b->in.sizes, sizeof(out));
    out[axis] = 1 + gr_next(b->rng, 6);
    for (uint32_t d = 0; d < r; ++d)
        vsz[d] = d + 1 == r ? 2 + gr_next(b->rng, 2) : 1;
    if (!fits(type, r, out) || !read_view(b, b->node->inputs[0], &indices))
        return NULL;
    b->in = indices;
    const DML_TENSOR_DESC *in = desc_of(b, &indices);
    const DML_TENSOR_DESC *values = extra_input(b, 1, type, r, vsz);
    if (!values)
        return NULL;
    struct view o = write_view(b, type, r, out);
    DML_ONE_HOT_OPERATOR_DESC desc = {in, values, output(b, 0, &o), axis};
    return create(b->device, DML_OPERATOR_ONE_HOT, &desc);
}

static IDMLOperator *make_reverse(struct build *b)
{
    uint32_t axis = gr_next(b->rng, b->in.rank), lsz[MAX_RANK];
    DML_TENSOR_DATA_TYPE type =
        gr_next(b->rng, 2) ? DML_TENSOR_DATA_TYPE_UINT32 : DML_TENSOR_DATA_TYPE_UINT64;

    memcpy(lsz, b->in.sizes, sizeof(lsz));
    lsz[axis] = 1;
    const DML_TENSOR_DESC *in = desc_of(b, &b->in);
    const DML_TENSOR_DESC *lengths = extra_input(b, 1, type, b->in.rank, lsz);
    if (!lengths)
        return NULL;
    struct view o = write_view(b, b->in.type, b->in.rank, b->in.sizes);
    DML_REVERSE_SUBSEQUENCES_OPERATOR_DESC desc = {in, lengths, output(b, 0, &o), axis};
    return create(b->device, DML_OPERATOR_REVERSE_SUBSEQUENCES, &desc);
}

/* SLICE_GRAD: input 0 is the gradient of a window with strides of -3..3 (not 0), written into
 * zeros up to 2 elements larger on each side. */
static IDMLOperator *make_slice_grad(struct build *b)
{
    UINT offsets[MAX_RANK], windows[MAX_RANK];
    INT strides[MAX_RANK];
    uint32_t out[MAX_RANK];

    for (uint32_t d = 0; d < b->in.rank; ++d)
    {
        uint32_t step = 1 + gr_next(b->rng, 3);

        strides[d] = gr_next(b->rng, 3) ? (INT)step : -(INT)step;
        windows[d] = (b->in.sizes[d] - 1) * step + 1 + gr_next(b->rng, step);
        offsets[d] = gr_next(b->rng, 3);
        out[d] = offsets[d] + windows[d] + gr_next(b->rng, 3);
    }
    if (!fits(b->in.type, b->in.rank, out))
        return NULL;
    struct view o = write_view(b, b->in.type, b->in.rank, out);
    DML_SLICE_GRAD_OPERATOR_DESC desc = {
        desc_of(b, &b->in), output(b, 0, &o), b->in.rank, offsets, windows, strides};
    return create(b->device, DML_OPERATOR_SLICE_GRAD, &desc);
}

/* The ND forms over all of input 0's dims: indices {1, ..., 1, m, q} (IndicesDimensionCount 2)
 * name q leading coordinates per tuple; the gathered blocks, or the updates, are
 * {1, ..., 1, m, input sizes after the first q}, right-aligned in the input's rank. */
static void nd_shapes(struct build *b, uint32_t *q, uint32_t *isz, uint32_t *blocks)
{
    uint32_t r = b->in.rank, m = 1 + gr_next(b->rng, 4);

    *q = 1 + gr_next(b->rng, r);
    for (uint32_t d = 0; d < r; ++d)
        isz[d] = d + 1 == r ? *q : d + 2 == r ? m : 1;
    for (uint32_t d = 0; d < r; ++d) /* the last r - q dims are the input's after the tuple */
        blocks[d] = d >= *q ? b->in.sizes[d] : d + 1 == *q ? m : 1;
    if (r == 1) /* one dim: the indices are {q} alone, m is 1 */
        isz[0] = *q, blocks[0] = 1;
}

/* GATHER_ND or GATHER_ND1 (BatchDimensionCount 0). */
static IDMLOperator *make_gather_nd(struct build *b)
{
    bool v1 = b->node->type == DML_OPERATOR_GATHER_ND1;
    uint32_t r = b->in.rank, q, isz[MAX_RANK], out[MAX_RANK];

    nd_shapes(b, &q, isz, out);
    if (!fits(b->in.type, r, out))
        return NULL;
    const DML_TENSOR_DESC *in = desc_of(b, &b->in);
    const DML_TENSOR_DESC *indices = extra_input(b, 1, pick_index_type(b->rng), r, isz);
    if (!indices)
        return NULL;
    struct view o = write_view(b, b->in.type, r, out);
    UINT indices_dims = r == 1 ? 1 : 2;
    DML_GATHER_ND1_OPERATOR_DESC desc = {in, indices, output(b, 0, &o), r, indices_dims, 0};
    if (v1)
        return create(b->device, DML_OPERATOR_GATHER_ND1, &desc);
    DML_GATHER_ND_OPERATOR_DESC desc0 = {in, indices, desc.OutputTensor, r, indices_dims};
    return create(b->device, DML_OPERATOR_GATHER_ND, &desc0);
}

static IDMLOperator *make_scatter_nd(struct build *b)
{
    uint32_t r = b->in.rank, q, isz[MAX_RANK], usz[MAX_RANK];

    nd_shapes(b, &q, isz, usz);
    const DML_TENSOR_DESC *in = desc_of(b, &b->in);
    const DML_TENSOR_DESC *indices = extra_input(b, 1, pick_index_type(b->rng), r, isz);
    const DML_TENSOR_DESC *updates = indices ? extra_input(b, 2, b->in.type, r, usz) : NULL;
    if (!updates)
        return NULL;
    struct view o = write_view(b, b->in.type, r, b->in.sizes);
    DML_SCATTER_ND_OPERATOR_DESC desc = {in, indices, updates, output(b, 0, &o), r, r == 1 ? 1 : 2};
    return create(b->device, DML_OPERATOR_SCATTER_ND, &desc);
}

/* A generator's output: input 0's shape, nothing read (the node has no input). */
static struct view generated(struct build *b, DML_TENSOR_DATA_TYPE type)
{
    b->node->input_count = 0;
    return write_view(b, type, b->in.rank, b->in.sizes);
}

static IDMLOperator *make_fill(struct build *b)
{
    bool sequence = b->node->type == DML_OPERATOR_FILL_VALUE_SEQUENCE;
    DML_TENSOR_DATA_TYPE type = b->in.type;

    if (sequence && type == DML_TENSOR_DATA_TYPE_FLOAT64) /* FD4: no level has it */
        type = DML_TENSOR_DATA_TYPE_INT64;
    struct view o = generated(b, type);
    DML_FILL_VALUE_CONSTANT_OPERATOR_DESC constant = {output(b, 0, &o), type,
                                                      random_scalar(b->rng)};
    if (!sequence)
        return create(b->device, DML_OPERATOR_FILL_VALUE_CONSTANT, &constant);
    DML_FILL_VALUE_SEQUENCE_OPERATOR_DESC desc = {constant.OutputTensor, type, constant.Value,
                                                  random_scalar(b->rng)};
    return create(b->device, DML_OPERATOR_FILL_VALUE_SEQUENCE, &desc);
}

/* DIAGONAL_MATRIX or DIAGONAL_MATRIX1 over input 0's 2-4 dims, the band of x - y
 * between -4 and 4, DIAGONAL_MATRIX1 without its optional input a third of the time (never when
 * input 0 is a constant made for it: nothing else reads that). */
static IDMLOperator *make_diagonal(struct build *b)
{
    bool v1 = b->node->type == DML_OPERATOR_DIAGONAL_MATRIX1;
    INT begin = (INT)gr_next(b->rng, 9) - 4, end = (INT)gr_next(b->rng, 9) - 4;
    bool with_input =
        v1 && (gr_next(b->rng, 3) || b->g->values[b->node->inputs[0]].kind == GR_CONSTANT);

    if (b->in.rank < 2 || b->in.rank > 4)
        return NULL;
    const DML_TENSOR_DESC *in = with_input ? desc_of(b, &b->in) : NULL;
    b->node->absent_inputs = v1 && !with_input;
    struct view o =
        with_input ? write_view(b, b->in.type, b->in.rank, b->in.sizes) : generated(b, b->in.type);
    const DML_TENSOR_DESC *outd = output(b, 0, &o);
    if (!v1)
    {
        DML_DIAGONAL_MATRIX_OPERATOR_DESC desc = {outd, begin, (FLOAT)end * 1.5f};
        return create(b->device, DML_OPERATOR_DIAGONAL_MATRIX, &desc);
    }
    DML_DIAGONAL_MATRIX1_OPERATOR_DESC desc = {in,    outd, b->in.type, random_scalar(b->rng),
                                               begin, end};
    return create(b->device, DML_OPERATOR_DIAGONAL_MATRIX1, &desc);
}

/* ---- kinds ---- */

enum kind
{
    K_SLICE1,
    K_SLICE,
    K_SPLIT,
    K_PADDING,
    K_PADDING1,
    K_JOIN,
    K_IDENTITY,
    K_TILE,
    K_CAST,
    K_DEPTH_TO_SPACE,
    K_DEPTH_TO_SPACE1,
    K_SPACE_TO_DEPTH,
    K_SPACE_TO_DEPTH1,
    K_GATHER,
    K_GATHER_ELEMENTS,
    K_GATHER_ND,
    K_GATHER_ND1,
    K_SCATTER_ND,
    K_SCATTER,
    K_ONE_HOT,
    K_REVERSE,
    K_SLICE_GRAD,
    K_FILL_CONSTANT,
    K_FILL_SEQUENCE,
    K_DIAGONAL,
    K_DIAGONAL1,
    K_COUNT
};

static const struct
{
    DML_OPERATOR_TYPE type;
    const char *name;
    IDMLOperator *(*make)(struct build *b); /* b->node->type says which of a maker's operators */
    bool grows;                             /* its output may hold more elements than its input */
    bool float64;                           /* its kernels declare Float64 (gr_graph.float64) */
    bool generator;                         /* reads no input (input 0 only gives it a shape) */
} kinds[K_COUNT] = {
    [K_SLICE1] = {DML_OPERATOR_SLICE1, "SLICE1", make_slice1, false, false},
    [K_SLICE] = {DML_OPERATOR_SLICE, "SLICE", make_slice, false, false},
    [K_SPLIT] = {DML_OPERATOR_SPLIT, "SPLIT", make_split, false, false},
    [K_PADDING] = {DML_OPERATOR_PADDING, "PADDING", make_pad, true, false},
    [K_PADDING1] = {DML_OPERATOR_PADDING1, "PADDING1", make_pad, true, false},
    [K_JOIN] = {DML_OPERATOR_JOIN, "JOIN", make_join, true, false},
    [K_IDENTITY] = {DML_OPERATOR_ELEMENT_WISE_IDENTITY, "ELEMENT_WISE_IDENTITY", make_identity,
                    false, false},
    [K_TILE] = {DML_OPERATOR_TILE, "TILE", make_tile, true, false},
    [K_CAST] = {DML_OPERATOR_CAST, "CAST", make_cast, true, true},
    [K_DEPTH_TO_SPACE] = {DML_OPERATOR_DEPTH_TO_SPACE, "DEPTH_TO_SPACE", make_depth_space, false,
                          false},
    [K_DEPTH_TO_SPACE1] = {DML_OPERATOR_DEPTH_TO_SPACE1, "DEPTH_TO_SPACE1", make_depth_space, false,
                           false},
    [K_SPACE_TO_DEPTH] = {DML_OPERATOR_SPACE_TO_DEPTH, "SPACE_TO_DEPTH", make_depth_space, false,
                          false},
    [K_SPACE_TO_DEPTH1] = {DML_OPERATOR_SPACE_TO_DEPTH1, "SPACE_TO_DEPTH1", make_depth_space, false,
                           false},
    [K_GATHER] = {DML_OPERATOR_GATHER, "GATHER", make_gather, true, false},
    [K_GATHER_ELEMENTS] = {DML_OPERATOR_GATHER_ELEMENTS, "GATHER_ELEMENTS", make_gather_elements,
                           true, false},
    [K_GATHER_ND] = {DML_OPERATOR_GATHER_ND, "GATHER_ND", make_gather_nd, true, false},
    [K_GATHER_ND1] = {DML_OPERATOR_GATHER_ND1, "GATHER_ND1", make_gather_nd, true, false},
    [K_SCATTER_ND] = {DML_OPERATOR_SCATTER_ND, "SCATTER_ND", make_scatter_nd, false, false},
    [K_SCATTER] = {DML_OPERATOR_SCATTER_ELEMENTS, "SCATTER_ELEMENTS", make_scatter, false, false},
    [K_ONE_HOT] = {DML_OPERATOR_ONE_HOT, "ONE_HOT", make_one_hot, true, false},
    [K_REVERSE] = {DML_OPERATOR_REVERSE_SUBSEQUENCES, "REVERSE_SUBSEQUENCES", make_reverse, false,
                   false},
    [K_SLICE_GRAD] = {DML_OPERATOR_SLICE_GRAD, "SLICE_GRAD", make_slice_grad, true, false},
    [K_FILL_CONSTANT] = {DML_OPERATOR_FILL_VALUE_CONSTANT, "FILL_VALUE_CONSTANT", make_fill, false,
                         true, true},
    [K_FILL_SEQUENCE] = {DML_OPERATOR_FILL_VALUE_SEQUENCE, "FILL_VALUE_SEQUENCE", make_fill, false,
                         true, true},
    [K_DIAGONAL] = {DML_OPERATOR_DIAGONAL_MATRIX, "DIAGONAL_MATRIX", make_diagonal, false, true,
                    true},
    [K_DIAGONAL1] = {DML_OPERATOR_DIAGONAL_MATRIX1, "DIAGONAL_MATRIX1", make_diagonal, false, true},
};

uint32_t gr_kind_count(void)
{
    return K_COUNT;
}

DML_OPERATOR_TYPE gr_kind_type(uint32_t k)
{
    return kinds[k].type;
}

bool gr_kind_needs_float64(uint32_t k)
{
    return kinds[k].float64;
}

const char *gr_type_name(DML_OPERATOR_TYPE type)
{
    for (uint32_t k = 0; k < K_COUNT; ++k)
        if (kinds[k].type == type)
            return kinds[k].name;
    return "?";
}

const char *gr_stat_name(enum gr_stat stat)
{
    static const char *const names[GR_STAT_COUNT] = {
        [GR_STAT_MULTI_DIM_VIEWS] = "multi-dimensional input descs",
        [GR_STAT_HIGH_RANK_VIEWS] = "of 5-8 dimensions",
        [GR_STAT_PERMUTED_VIEWS] = "permuted (transposing) input strides",
        [GR_STAT_GAPPED_VIEWS] = "gapped input strides",
        [GR_STAT_BROADCAST_VIEWS] = "broadcast (0) input strides",
        [GR_STAT_PERMUTED_OUTPUTS] = "permuted output strides",
        [GR_STAT_REVERSED_SLICES] = "reversed slices",
        [GR_STAT_SCALE_BIAS] = "IDENTITY with ScaleBias",
        [GR_STAT_EIGHT_BYTE] = "nodes on 8-byte elements",
        [GR_STAT_SAME_SIZE_REINTERPRET] = "edges read as another type of the same size",
        [GR_STAT_OTHER_SIZE_REINTERPRET] = "edges read with another element size",
        [GR_STAT_EDGELESS_INPUTS] = "edge-less graph inputs",
        [GR_STAT_OWNED_INPUTS] = "owned graph inputs",
    };
    return stat < GR_STAT_COUNT ? names[stat] : "?";
}

/* ---- values ---- */

static uint32_t add_constant(struct gr_graph *g, struct gr_rng *rng)
{
    uint32_t v = add_value(g, GR_CONSTANT, 4 * (1 + gr_next(rng, 16)));
    struct gr_node *node = &g->nodes[g->node_count];

    memset(node, 0, sizeof(*node));
    node->constant = true;
    node->value = v;
    g->values[v].index = g->node_count++;
    g->values[v].data_size = 1 + gr_next(rng, g->values[v].bytes);
    for (uint32_t i = 0; i < g->values[v].data_size; ++i)
        g->values[v].data[i] = (uint8_t)gr_next(rng, 256);
    return v;
}

/* A value holding at least `bytes`: often a recent node output (deep chains), else any value, a
 * graph input (never an edge-less one), or (when `constants`) a new constant. */
static uint32_t pick_value(struct gr_graph *g, struct gr_rng *rng, uint32_t bytes, bool constants)
{
    for (int tries = 0; tries < 16; ++tries)
    {
        uint32_t r = gr_next(rng, 10), v, made = g->value_count - g->input_count;

        if (r == 0 && constants && g->node_count < GR_MAX_NODES + GR_MAX_OUTPUTS - 1)
            return add_constant(g, rng); /* at least 4 bytes */
        else if (r <= 2 || !made)
            v = gr_next(rng, g->input_count);
        else if (r <= 6)
            v = g->value_count - 1 - gr_next(rng, made < 4 ? made : 4);
        else
            v = gr_next(rng, g->value_count);
        if (!g->values[v].edgeless && g->values[v].written >= bytes)
            return v;
    }
    return 0; /* graph input 0: never edge-less, at least 16 bytes */
}

/* Input 0's value, type and shape for kind k; false when this value cannot feed it. */
static bool pick_input(struct build *b, enum kind k)
{
    const struct gr_value *value = &b->g->values[b->node->inputs[0]];
    uint32_t s = pick_size(b->rng, value->written), cap = k == K_SPLIT ? 8 : 6;
    uint64_t budget = value->written / s;

    if (budget > b->budget)
        budget = b->budget;
    b->in = (struct view){.type = pick_type(b->rng, s), .rank = pick_rank(b->rng)};
    if (kinds[k].make == make_depth_space) /* 4-D: C or H and W by the block */
    {
        bool to_space = k == K_DEPTH_TO_SPACE || k == K_DEPTH_TO_SPACE1;

        b->block = 1 + gr_next(b->rng, 3);
        if (budget < (uint64_t)b->block * b->block)
            b->block = 1;
        b->in.rank = 4;
        pick_shape(b->rng, 4, budget / (b->block * b->block), 3, b->in.sizes);
        if (to_space)
            b->in.sizes[1] *= b->block * b->block;
        else
            b->in.sizes[2] *= b->block, b->in.sizes[3] *= b->block;
        return read_view(b, b->node->inputs[0], &b->in);
    }
    pick_shape(b->rng, b->in.rank, budget, b->in.rank <= 2 ? 12 : cap, b->in.sizes);
    return read_view(b, b->node->inputs[0], &b->in);
}

/* Node g->node_count, reading `first` (UINT32_MAX: a value picked at random) as input 0. */
static bool add_node(IDMLDevice *device, struct gr_graph *g, struct gr_rng *rng, uint32_t first)
{
    struct build b = {.device = device, .g = g, .rng = rng};
    unsigned stats[GR_STAT_COUNT];
    IDMLOperator *op = NULL;
    enum kind k = K_SLICE1;

    for (int tries = 0; tries < 32 && !op; ++tries)
    {
        uint32_t values = g->value_count, nodes = g->node_count;

        k = (enum kind)gr_next(rng, K_COUNT);
        if (kinds[k].float64 && !g->float64)
            k = K_SLICE1;
        /* a new constant only for a kind that reads it (a constant nothing reads is dead) */
        uint32_t v = first != UINT32_MAX ? first : pick_value(g, rng, 1, !kinds[k].generator);

        memcpy(stats, g->stats, sizeof(stats));
        b.node = &g->nodes[g->node_count]; /* after the constant pick_value may have added */
        memset(b.node, 0, sizeof(*b.node));
        b.budget = kinds[k].grows ? GROWING_BUDGET : PLAIN_BUDGET;
        b.desc_count = 0;
        b.node->inputs[0] = v;
        b.node->input_count = 1;
        b.node->type = kinds[k].type;
        if (pick_input(&b, k))
        {
            ++g->node_count;
            if ((op = kinds[k].make(&b)) ||
                b.node->output_count) /* made, or refused by the device */
                break;
        }
        g->value_count = values; /* a shape the maker could not use: again from scratch */
        g->node_count = nodes;
        memcpy(g->stats, stats, sizeof(stats));
    }
    if (!op)
    {
        fprintf(stderr, "graph_random: CreateOperator refused a %s\n", kinds[k].name);
        return false;
    }
    b.node->op = op;
    if (type_size(b.in.type) == 8)
        stat(&b, GR_STAT_EIGHT_BYTE);
    for (uint32_t i = 0; i < b.node->input_count; ++i)
        g->values[b.node->inputs[i]].consumed = true;
    return true;
}

static void add_output(struct gr_graph *g, uint32_t v)
{
    if (g->output_count < GR_MAX_OUTPUTS)
        g->outputs[g->output_count++] = v;
}

/* Every node reaches a graph output (G-D4): a node none of whose outputs is read gets one of them
 * as a graph output (the others stay unconnected); then a few more outputs, some repeated (GD6)
 * and some constants (GD4). */
static void add_outputs(struct gr_graph *g, struct gr_rng *rng)
{
    for (uint32_t n = 0; n < g->node_count; ++n)
    {
        const struct gr_node *node = &g->nodes[n];
        bool read = node->constant;

        for (uint32_t k = 0; k < node->output_count; ++k)
            read |= g->values[node->outputs[k]].consumed;
        if (!read)
            add_output(g, node->outputs[gr_next(rng, node->output_count)]);
    }
    for (uint32_t extra = gr_next(rng, 4); extra; --extra)
    {
        uint32_t v = gr_next(rng, g->value_count), r = gr_next(rng, 4);

        if (r == 0 && g->output_count)
            v = g->outputs[gr_next(rng, g->output_count)];
        else if (r == 1 && g->node_count < GR_MAX_NODES + GR_MAX_OUTPUTS &&
                 g->output_count < GR_MAX_OUTPUTS)
            v = add_constant(g, rng);
        if (g->values[v].kind != GR_INPUT)
            add_output(g, v);
    }
}

/* Graph inputs: 1 to 4 with data, a fifth of them owned; a third of the graphs get one more that
 * no edge reaches (GD2), and a third an owned one that the first node reads. */
static void add_inputs(struct gr_graph *g, struct gr_rng *rng)
{
    uint32_t inputs = 1 + gr_next(rng, 4);
    bool edgeless = gr_next(rng, 3) == 0, owned = gr_next(rng, 3) == 0;

    g->input_count = inputs + edgeless + owned;
    for (uint32_t i = 0; i < g->input_count; ++i)
    {
        uint32_t v = add_value(g, GR_INPUT, 4 * (4 + gr_next(rng, i ? 125 : 29)));

        g->values[v].index = i;
        g->values[v].owned = i && (gr_next(rng, 5) == 0 || (owned && i == inputs));
        g->values[v].edgeless = edgeless && i + 1 == g->input_count;
        for (uint32_t b = 0; b < g->values[v].bytes; ++b)
            g->values[v].data[b] = (uint8_t)gr_next(rng, 256);
    }
}

bool gr_generate(IDMLDevice *device, struct gr_rng *rng, uint32_t max_nodes, bool float64,
                 struct gr_graph *g)
{
    uint32_t nodes = 1 + gr_next(rng, max_nodes), first = UINT32_MAX;
    bool ok = true;

    memset(g, 0, sizeof(*g));
    g->float64 = float64;
    add_inputs(g, rng);
    for (uint32_t i = g->input_count; i-- > 1 && first == UINT32_MAX;)
        if (g->values[i].owned && !g->values[i].edgeless)
            first = i; /* the first node reads an owned input, when there is one */
    while (ok && g->node_count < nodes && g->value_count + GR_MAX_NODE_IO < GR_MAX_VALUES - 8)
    {
        ok = add_node(device, g, rng, first);
        first = UINT32_MAX;
    }
    add_outputs(g, rng);
    for (uint32_t v = 0; v < g->input_count; ++v)
    {
        g->stats[GR_STAT_EDGELESS_INPUTS] += !g->values[v].consumed;
        g->stats[GR_STAT_OWNED_INPUTS] += g->values[v].owned && g->values[v].consumed;
    }
    for (uint32_t n = 0; n < g->node_count; ++n)
        g->order[n] = n;
    for (uint32_t n = g->node_count; n > 1; --n) /* any node order (GD10) */
    {
        uint32_t m = gr_next(rng, n), t = g->order[n - 1];
        g->order[n - 1] = g->order[m];
        g->order[m] = t;
    }
    return ok;
}

void gr_desc(const struct gr_graph *g, struct gt_graph *out)
{
    uint32_t at[GR_MAX_NODES + GR_MAX_OUTPUTS];

    gt_init(out, g->input_count, g->output_count);
    for (uint32_t p = 0; p < g->node_count; ++p)
    {
        const struct gr_node *node = &g->nodes[g->order[p]];

        at[g->order[p]] = p;
        if (node->constant)
            gt_const(out, g->values[node->value].data, g->values[node->value].data_size, NULL);
        else
            gt_op(out, node->op, NULL);
    }
    for (uint32_t n = 0; n < g->node_count; ++n)
        for (uint32_t i = 0; i < g->nodes[n].input_count; ++i)
        {
            const struct gr_value *v = &g->values[g->nodes[n].inputs[i]];

            if (v->kind == GR_INPUT)
                gt_in(out, v->index, at[n], i);
            else
                gt_mid(out, at[v->index], v->kind == GR_CONSTANT ? 0 : v->output, at[n], i);
        }
    for (uint32_t j = 0; j < g->output_count; ++j)
    {
        const struct gr_value *v = &g->values[g->outputs[j]];
        gt_out(out, at[v->index], v->kind == GR_CONSTANT ? 0 : v->output, j);
    }
}

void gr_release(struct gr_graph *g)
{
    for (uint32_t n = 0; n < g->node_count; ++n)
        if (g->nodes[n].op)
            IDMLOperator_Release(g->nodes[n].op);
}
