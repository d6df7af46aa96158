/* Random graphs for the fusion tests (ft_gen.h). */
#define COBJMACROS
#include "ft_gen.h"

#include <string.h>

static uint32_t next(uint64_t *state, uint32_t bound)
{
    *state = *state * 6364136223846793005ull + 1442695040888963407ull;
    return bound ? (uint32_t)((*state >> 33) % bound) : 0;
}

static const DML_TENSOR_DATA_TYPE types[] = {
    DML_TENSOR_DATA_TYPE_UINT8,  DML_TENSOR_DATA_TYPE_UINT16, DML_TENSOR_DATA_TYPE_FLOAT32,
    DML_TENSOR_DATA_TYPE_UINT64, DML_TENSOR_DATA_TYPE_INT16,  DML_TENSOR_DATA_TYPE_UINT32};

static UINT pick_value(struct ft_gen *g)
{
    /* Mostly the latest values: deep chains. */
    UINT recent = g->value_count < 3 ? g->value_count : 3;

    return next(&g->rng, 3) ? g->value_count - 1 - next(&g->rng, recent)
                            : next(&g->rng, g->value_count);
}

static IDMLOperator *make_slice(struct ft_gen *g, const struct ft_tensor *in, struct ft_tensor *out)
{
    UINT offsets[FT_MAX_RANK], windows[FT_MAX_RANK];
    INT steps[FT_MAX_RANK];

    for (UINT d = 0; d < in->rank; ++d)
    {
        windows[d] = 1 + next(&g->rng, in->sizes[d]);
        offsets[d] = next(&g->rng, in->sizes[d] - windows[d] + 1);
        steps[d] = (INT)(1 + (next(&g->rng, 3) ? 0 : next(&g->rng, 3)));
        steps[d] = next(&g->rng, 4) ? steps[d] : -steps[d];
    }
    return ft_slice(g->device, in, offsets, windows, steps, out);
}

static IDMLOperator *make_pad(struct ft_gen *g, const struct ft_tensor *in, struct ft_tensor *out)
{
    static const DML_PADDING_MODE modes[] = {DML_PADDING_MODE_CONSTANT, DML_PADDING_MODE_EDGE,
                                             DML_PADDING_MODE_REFLECTION,
                                             DML_PADDING_MODE_SYMMETRIC, DML_PADDING_MODE_WRAP};
    DML_PADDING_MODE mode = modes[next(&g->rng, 5)];
    UINT start[FT_MAX_RANK], end[FT_MAX_RANK];
    DML_SCALAR_UNION value;

    memset(&value, 0, sizeof(value));
    value.UInt64 = next(&g->rng, 3) ? 0x7A7B7C7D7E7F7071ull : 0x0102030405060708ull;
    if (in->type == DML_TENSOR_DATA_TYPE_FLOAT32)
        value.Float32 = next(&g->rng, 2) ? -2.5f : 7.0f;
    for (UINT d = 0; d < in->rank; ++d)
    {
        bool padded = next(&g->rng, 2);

        start[d] = padded ? next(&g->rng, 4) : 0;
        end[d] = padded ? next(&g->rng, 4) : 0;
        if ((mode == DML_PADDING_MODE_REFLECTION &&
             (start[d] >= in->sizes[d] || end[d] >= in->sizes[d])) ||
            ((mode == DML_PADDING_MODE_SYMMETRIC || mode == DML_PADDING_MODE_WRAP) &&
             (start[d] > in->sizes[d] || end[d] > in->sizes[d])))
            start[d] = end[d] = 0;
    }
    return ft_pad(g->device, in, mode, value, start, end, out);
}

/* A transpose (the input read in another order), a broadcast of a dimension of one, or the
 * bytes read as elements of another size (a reinterpreting edge). */
static IDMLOperator *make_identity(struct ft_gen *g, const struct ft_tensor *in,
                                   struct ft_tensor *out)
{
    UINT perm[FT_MAX_RANK], r = in->rank, kind = next(&g->rng, 6);
    struct ft_tensor view = *in;

    for (UINT d = 0; d < r; ++d)
        perm[d] = d;
    for (UINT d = r; d > 1; --d) /* Fisher-Yates */
    {
        UINT j = next(&g->rng, d), x = perm[d - 1];

        perm[d - 1] = perm[j], perm[j] = x;
    }
    if (kind < 4)
        view = ft_permuted(in, perm);
    for (UINT d = 0; kind == 4 && d < r; ++d)
        if (view.sizes[d] == 1)
            view.sizes[d] = 2 + next(&g->rng, 2), view.strides[d] = 0;
    if (kind == 5 && ft_type_size(in->type) > 1)
    {
        UINT narrower = ft_type_size(in->type) / 2;

        view.type = narrower == 1   ? DML_TENSOR_DATA_TYPE_UINT8
                    : narrower == 2 ? DML_TENSOR_DATA_TYPE_UINT16
                                    : DML_TENSOR_DATA_TYPE_UINT32;
        view = ft_packed(view.type, r, view.sizes);
        view.sizes[r - 1] *= 2;
        view = ft_packed(view.type, r, view.sizes);
    }
    *out = ft_packed(view.type, r, view.sizes);
    return ft_identity(g->device, &view, out);
}

static IDMLOperator *make_split(struct ft_gen *g, const struct ft_tensor *in, struct ft_tensor *out,
                                UINT *count)
{
    UINT axis = next(&g->rng, in->rank), parts[3], left;

    for (UINT tries = 0; in->sizes[axis] < 2 && tries < 4; ++tries)
        axis = next(&g->rng, in->rank);
    if (in->sizes[axis] < 2)
        return NULL;
    *count = in->sizes[axis] >= 3 && next(&g->rng, 2) ? 3 : 2;
    left = in->sizes[axis] - *count;
    for (UINT k = 0; k < *count; ++k)
    {
        UINT extra = k + 1 == *count ? left : next(&g->rng, left + 1);

        parts[k] = 1 + extra;
        left -= extra;
    }
    return ft_split(g->device, in, axis, *count, parts, out);
}

/* JOIN of v with values of its type and rank that agree on every other dimension (v itself
 * when none does). */
static IDMLOperator *make_join(struct ft_gen *g, UINT v, UINT node, struct ft_tensor *out)
{
    const struct ft_tensor *t = &g->values[v].t;
    UINT axis = next(&g->rng, t->rank), count = 1;
    struct ft_tensor ins[3] = {*t};

    g->inputs[node][0] = v;
    for (UINT w = 0; w < g->value_count && count < 3; ++w)
    {
        const struct ft_tensor *u = &g->values[w].t;
        bool fits = u->type == t->type && u->rank == t->rank && next(&g->rng, 2);

        for (UINT d = 0; fits && d < t->rank; ++d)
            fits = d == axis || u->sizes[d] == t->sizes[d];
        if (fits)
            g->inputs[node][count] = w, ins[count++] = *u;
    }
    if (count == 1)
        g->inputs[node][count] = v, ins[count++] = *t;
    g->input_count[node] = count;
    for (UINT k = 0; k < count; ++k)
        ins[k] = ft_packed(ins[k].type, ins[k].rank, ins[k].sizes);
    return ft_join(g->device, count, ins, axis, out);
}

static IDMLOperator *make_cast(struct ft_gen *g, const struct ft_tensor *in, struct ft_tensor *out)
{
    DML_TENSOR_DATA_TYPE type = types[next(&g->rng, 6)];

    return type == in->type ? NULL : ft_cast(g->device, in, type, out);
}

/* One more node on a value (false: none added this time). */
static bool add_node(struct ft_gen *g)
{
    UINT v = pick_value(g), n = g->node_count, kind = next(&g->rng, 13), count = 1;
    struct ft_tensor in = ft_packed(g->values[v].t.type, g->values[v].t.rank, g->values[v].t.sizes),
                     out[3];
    IDMLOperator *op;

    g->inputs[n][0] = v;
    g->input_count[n] = 1;
    if (kind < 3)
        op = make_slice(g, &in, out);
    else if (kind < 6)
        op = make_pad(g, &in, out);
    else if (kind < 8)
        op = make_identity(g, &in, out);
    else if (kind < 10)
        op = make_split(g, &in, out, &count);
    else if (kind < 12)
        op = make_join(g, v, n, out);
    else
        op = make_cast(g, &in, out);
    for (UINT k = 0; op && k < count; ++k)
        if (ft_elements(&out[k]) > FT_GEN_MAX_ELEMENTS ||
            g->value_count + count > FT_GEN_MAX_VALUES)
            IDMLOperator_Release(op), op = NULL;
    if (!op)
        return false;
    g->ops[n] = op;
    for (UINT i = 0; i < g->input_count[n]; ++i)
        ++g->values[g->inputs[n][i]].readers;
    for (UINT k = 0; k < count; ++k)
        g->values[g->value_count++] = (struct ft_value){out[k], n, k, 0, count > 1};
    ++g->node_count;
    return true;
}

/* The graph desc: nodes in order; every value nothing reads is a graph output, except SPLIT
 * outputs after the first, which may stay unconnected; some read values are outputs too, a
 * few twice. */
static void describe(struct ft_gen *g, struct gt_graph *out)
{
    UINT outputs = 0, times[FT_GEN_MAX_VALUES] = {0};

    for (UINT v = 1; v < g->value_count; ++v)
    {
        const struct ft_value *value = &g->values[v];

        if (!value->readers)
            times[v] = value->split && value->output && next(&g->rng, 2) ? 0 : 1;
        else
            times[v] = next(&g->rng, 4) ? 0 : 1 + next(&g->rng, 2);
        outputs += times[v];
    }
    gt_init(out, 1, outputs);
    for (UINT n = 0; n < g->node_count; ++n)
        gt_op(out, g->ops[n], "n");
    for (UINT n = 0; n < g->node_count; ++n)
        for (UINT i = 0; i < g->input_count[n]; ++i)
        {
            const struct ft_value *v = &g->values[g->inputs[n][i]];

            if (v->node == UINT32_MAX)
                gt_in(out, 0, n, i);
            else
                gt_mid(out, v->node, v->output, n, i);
        }
    outputs = 0;
    for (UINT v = 1; v < g->value_count; ++v)
        for (UINT k = 0; k < times[v]; ++k)
            gt_out(out, g->values[v].node, g->values[v].output, outputs++);
}

static void generate(struct ft_gen *g, uint32_t seed)
{
    UINT rank, sizes[FT_MAX_RANK];

    memset(&g->values, 0, sizeof(g->values));
    g->rng = seed * 0x9E3779B97F4A7C15ull + 1;
    g->value_count = g->node_count = 0;
    rank = 1 + next(&g->rng, 4);
    for (UINT d = 0; d < rank; ++d)
        sizes[d] = 1 + next(&g->rng, d + 1 == rank ? 9 : 5);
    g->values[g->value_count++] =
        (struct ft_value){ft_packed(types[next(&g->rng, 4)], rank, sizes), UINT32_MAX, 0, 0, false};
    for (UINT tries = 0; g->node_count < 2 + next(&g->rng, FT_GEN_MAX_NODES - 1) && tries < 40;
         ++tries)
        add_node(g);
}

void ft_gen_graph(struct ft_gen *g, uint32_t seed, struct gt_graph *desc)
{
    generate(g, seed);
    describe(g, desc);
}

void ft_gen_release(struct ft_gen *g)
{
    for (UINT n = 0; n < g->node_count; ++n)
        IDMLOperator_Release(g->ops[n]);
    g->node_count = 0;
}
