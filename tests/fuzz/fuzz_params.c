/* The valid desc a fuzz case starts from: generic ones drawn from the header's seeds (each
 * operator's own departures in its fuzz part, fuzz_op.h), or the documentation's examples
 * (tools/seed_examples.c); and the helpers the operators' generators share. */
#include <string.h>

#include "fuzz_op.h"
#include "seed_examples.h"

uint32_t fuzz_rng_next(struct fuzz_rng *rng)
{
    uint32_t z = (rng->state += 0x9E3779B9u);

    z = (z ^ (z >> 16)) * 0x85EBCA6Bu;
    z = (z ^ (z >> 13)) * 0xC2B2AE35u;
    return z ^ (z >> 16);
}

uint32_t fuzz_rng_below(struct fuzz_rng *rng, uint32_t n)
{
    return fuzz_rng_next(rng) % n;
}

static uint32_t read_le32(const uint8_t *bytes)
{
    return bytes[0] | (uint32_t)bytes[1] << 8 | (uint32_t)bytes[2] << 16 | (uint32_t)bytes[3] << 24;
}

/* Sizes from the nibbles of seed, smaller for higher ranks so that most tensors stay small
 * enough to execute. */
static void generic_shape(uint32_t rank, uint32_t seed, struct fuzz_shape *shape)
{
    const uint32_t limit = rank <= 3 ? 16 : rank <= 5 ? 6 : 3;

    shape->rank = rank;
    for (uint32_t i = 0; i < rank; ++i)
        shape->sizes[i] = 1 + ((seed >> (4 * i)) & 15) % limit;
}

void fp_slice1_windows(struct fuzz_params *p, struct fuzz_rng *rng, uint8_t options)
{
    for (uint32_t i = 0; i < p->input.rank; ++i)
    {
        const uint32_t size = p->input.sizes[i];
        const uint32_t offset = fuzz_rng_below(rng, size);
        const uint32_t window = 1 + fuzz_rng_below(rng, size - offset);
        const int32_t step = 1 + (int32_t)fuzz_rng_below(rng, 3);

        p->arrays[0][i] = offset;
        p->arrays[1][i] = window;
        p->arrays[2][i] = (uint32_t)(options & FUZZ_OPT_NEGATIVE && i % 2 ? -step : step);
        p->outputs[0].sizes[i] = 1 + (window - 1) / (uint32_t)step;
    }
}

bool fp_is_float(DML_TENSOR_DATA_TYPE type)
{
    return type == DML_TENSOR_DATA_TYPE_FLOAT16 || type == DML_TENSOR_DATA_TYPE_FLOAT32 ||
           type == DML_TENSOR_DATA_TYPE_FLOAT64;
}

void fp_index_type(struct fuzz_params *p, struct fuzz_rng *rng)
{
    static const DML_TENSOR_DATA_TYPE types[] = {
        DML_TENSOR_DATA_TYPE_UINT32, DML_TENSOR_DATA_TYPE_INT32, DML_TENSOR_DATA_TYPE_UINT64,
        DML_TENSOR_DATA_TYPE_INT64};
    p->index_type = types[fuzz_rng_below(rng, 4)];
}

struct fuzz_shape fp_ones(const struct fuzz_params *p)
{
    struct fuzz_shape shape = {p->input.rank, {1, 1, 1, 1, 1, 1, 1, 1}};
    return shape;
}

/* The counts the ND rules allow (FD5): B < p, q; 1 <= k <= p - B; q - 1 + p - B - k <= rank. */
static void nd_counts(struct fuzz_params *p, struct fuzz_rng *rng, bool batches, uint32_t *k)
{
    const uint32_t rank = p->input.rank;
    uint32_t in = 1, ix = 1, b = 0;
    *k = 1;
    for (int tries = 0; tries < 16; ++tries)
    {
        uint32_t i = 1 + fuzz_rng_below(rng, rank), x = 1 + fuzz_rng_below(rng, rank);
        uint32_t bb = batches ? fuzz_rng_below(rng, i < x ? i : x) : 0;
        uint32_t kk = 1 + fuzz_rng_below(rng, i - bb);
        if (x - 1 + i - bb - kk <= rank)
        {
            in = i, ix = x, b = bb, *k = kk;
            break;
        }
    }
    p->counts[0] = in, p->counts[1] = ix, p->counts[2] = b;
}

/* The input's and indices' leading dims 1, tuples of k components of 1-3 positions, the other
 * side (GATHER_ND's output, SCATTER_ND's updates) {1.., batches, positions, the input's trailing
 * dims}. */
void fp_nd(struct fuzz_params *p, struct fuzz_rng *rng, bool batches, bool scatter)
{
    const uint32_t rank = p->input.rank;
    struct fuzz_shape indices = fp_ones(p), other = fp_ones(p);
    uint32_t k;
    fp_index_type(p, rng);
    nd_counts(p, rng, batches, &k);
    const uint32_t in = p->counts[0], ix = p->counts[1], b = p->counts[2];
    const uint32_t trailing = in - b - k, positions = ix - 1, pad = rank - positions - trailing;
    for (uint32_t d = 0; d < rank; ++d)
    {
        if (d < rank - in)
            p->input.sizes[d] = 1;
        if (d >= rank - ix)
            indices.sizes[d] = 1 + fuzz_rng_below(rng, 3);
    }
    indices.sizes[rank - 1] = k;
    for (uint32_t j = 0; j < b; ++j)
        indices.sizes[rank - ix + j] = p->input.sizes[rank - in + j];
    for (uint32_t j = 0; j < positions; ++j)
        other.sizes[pad + j] = indices.sizes[rank - ix + j];
    for (uint32_t j = 0; j < trailing; ++j)
        other.sizes[pad + positions + j] = p->input.sizes[rank - trailing + j];
    p->input_count = scatter ? 3 : 2;
    p->inputs[1] = indices;
    p->inputs[2] = other;
    p->outputs[0] = scatter ? p->input : other;
}

/* A float value's bits: a small exact value or any bits (NaN, infinities, subnormals). */
uint32_t fp_float_bits(struct fuzz_rng *rng)
{
    float f =
        (float)((int32_t)fuzz_rng_below(rng, 401) - 200) / (float)(1u << fuzz_rng_below(rng, 4));
    uint32_t bits;
    memcpy(&bits, &f, sizeof(bits));
    return fuzz_rng_below(rng, 4) ? bits : fuzz_rng_next(rng);
}

/* A DML_SCALAR_UNION of type: any bits, or (float types) mostly a small value. */
uint64_t fp_scalar_bits(DML_TENSOR_DATA_TYPE type, struct fuzz_rng *rng)
{
    uint64_t bits = (uint64_t)fuzz_rng_next(rng) << 32 | fuzz_rng_next(rng);
    if (type == DML_TENSOR_DATA_TYPE_FLOAT32 && fuzz_rng_below(rng, 4))
        bits = bits >> 32 << 32 | fp_float_bits(rng);
    if (type == DML_TENSOR_DATA_TYPE_FLOAT16 && fuzz_rng_below(rng, 4))
        bits = bits >> 16 << 16 | (0x3C00u + fuzz_rng_below(rng, 0x0800u)) |
               fuzz_rng_below(rng, 2) << 15;
    return bits;
}

/* A band bound near the matrix (n its larger side), or INT32_MIN, INT32_MAX. */
int32_t fp_band_bound(struct fuzz_rng *rng, uint32_t n)
{
    if (!fuzz_rng_below(rng, 8))
        return fuzz_rng_below(rng, 2) ? INT32_MIN : INT32_MAX;
    return (int32_t)fuzz_rng_below(rng, 2 * n + 5) - (int32_t)n - 2;
}

/* The header's rank, within the operator's range. */
static uint32_t generic_rank(const struct fuzz_op *op, const uint8_t *header)
{
    uint32_t rank = 1 + header[FH_RANK] % FUZZ_RANK_MAX;
    if (op && op->min_rank && rank < op->min_rank)
        rank = op->min_rank;
    if (op && op->max_rank && rank > op->max_rank)
        rank = op->max_rank;
    return rank;
}

void fuzz_params_generic(const uint8_t *header, struct fuzz_params *p)
{
    const DML_OPERATOR_TYPE type = (DML_OPERATOR_TYPE)header[FH_KIND];
    const struct fuzz_op *op = fuzz_op_of(type);
    struct fuzz_rng rng = {read_le32(header + FH_PARAM_SEED)};

    memset(p, 0, sizeof(*p));
    p->type = type;
    p->data_type = p->out_data_type = (DML_TENSOR_DATA_TYPE)(1 + header[FH_DATA_TYPE] % 11);
    generic_shape(generic_rank(op, header), read_le32(header + FH_SHAPE_SEED), &p->input);
    p->input_count = p->output_count = 1;
    p->outputs[0] = p->input;
    if (op)
        op->generate(p, &rng, header[FH_OPTIONS]);
    p->inputs[0] = p->input;
}

static void example_shape(const struct seed_tensor *tensor, struct fuzz_shape *shape)
{
    shape->rank = SEED_RANK;
    memcpy(shape->sizes, tensor->sizes, sizeof(tensor->sizes));
}

void fuzz_params_example(unsigned example, struct fuzz_params *p)
{
    const struct seed_example *e = &seed_examples[example % seed_example_count];
    float value = e->value;

    memset(p, 0, sizeof(*p));
    p->type = e->type;
    p->data_type = p->out_data_type = DML_TENSOR_DATA_TYPE_FLOAT32;
    example_shape(&e->input, &p->input);
    p->inputs[0] = p->input;
    p->input_count = 1;
    p->output_count = e->output_count;
    for (uint32_t k = 0; k < e->output_count; ++k)
        example_shape(&e->outputs[k], &p->outputs[k]);
    memcpy(p->arrays[0], e->type == DML_OPERATOR_SLICE1 ? e->offsets : e->start, sizeof(e->start));
    memcpy(p->arrays[1], e->type == DML_OPERATOR_SLICE1 ? e->window_sizes : e->end, sizeof(e->end));
    memcpy(p->arrays[2], e->window_strides, sizeof(e->window_strides));
    p->axis = e->axis;
    p->mode = e->mode;
    memcpy(&p->value, &value, sizeof(value));
}
