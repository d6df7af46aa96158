#include "vt.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"

/* By position in the catalogue (dml_rule_at). */
static bool seen[1024];

void vt_tensor_init(struct vt_tensor *t, DML_TENSOR_DATA_TYPE type, UINT rank, const UINT *sizes)
{
    memset(t, 0, sizeof(*t));
    memcpy(t->sizes, sizes, rank * sizeof(*sizes));
    t->buffer.DataType = type;
    t->buffer.DimensionCount = rank;
    t->buffer.Sizes = t->sizes;
    t->desc.Type = DML_TENSOR_TYPE_BUFFER;
    t->desc.Desc = &t->buffer;
    vt_tensor_strides(t, NULL);
}

void vt_tensor_strides(struct vt_tensor *t, const UINT *strides)
{
    if (strides)
        memcpy(t->strides, strides, t->buffer.DimensionCount * sizeof(*strides));
    t->buffer.Strides = strides ? t->strides : NULL;
    t->buffer.TotalTensorSizeInBytes = dml_calc_buffer_tensor_size(
        t->buffer.DataType, t->buffer.DimensionCount, t->sizes, t->buffer.Strides);
}

void vt_tensor_type(struct vt_tensor *t, DML_TENSOR_DATA_TYPE type)
{
    t->buffer.DataType = type;
    vt_tensor_strides(t, t->buffer.Strides);
}

static bool debug_on;

HRESULT vt_validate(DML_FEATURE_LEVEL level, DML_OPERATOR_TYPE type, const void *desc,
                    struct dml_op_def *def, const struct dml_rule_info **rule)
{
    struct dml_validate_ctx ctx = {.feature_level = level, .debug = debug_on};
    DML_OPERATOR_DESC op = {type, desc};
    struct dml_op_def local;
    HRESULT hr;

    ctx.rejected = NULL; /* must be overwritten */
    hr = dml_operator_validate(&ctx, &op, def ? def : &local);
    if (!def && SUCCEEDED(hr))
        dml_op_def_cleanup(&local);
    if (rule)
        *rule = ctx.rejected;
    return hr;
}

static const char *rule_id(const struct dml_rule_info *rule)
{
    return rule ? rule->id : "(no rule)";
}

/* The rule's position in the catalogue; -1 when it has none. */
static int rule_index(const char *id)
{
    const struct dml_rule_info *info;

    for (uint32_t i = 0; (info = dml_rule_at(i)) && i < VT_COUNT(seen); ++i)
    {
        if (strcmp(info->id, id) == 0)
            return (int)i;
    }
    return -1;
}

void vt_expect_ok_(DML_FEATURE_LEVEL level, DML_OPERATOR_TYPE type, const void *desc,
                   const char *file, int line)
{
    const struct dml_rule_info *rule;
    HRESULT hr = vt_validate(level, type, desc, NULL, &rule);

    if (hr != S_OK || rule != dml_rule_info(DML_RULE_NONE))
        print_error("expected S_OK at 0x%x, got 0x%08x (%s)\n", (unsigned)level, (unsigned)hr,
                    rule_id(rule));
    _assert_int_equal(hr, S_OK, file, line);
    _assert_true(rule == dml_rule_info(DML_RULE_NONE), "no rule fired", file, line);
}

void vt_expect_reject_(DML_FEATURE_LEVEL level, DML_OPERATOR_TYPE type, const void *desc,
                       const char *rule, HRESULT expected, const char *file, int line)
{
    struct dml_op_def def;
    const struct dml_rule_info *got;
    HRESULT hr;

    memset(&def, 0xcd, sizeof(def));
    hr = vt_validate(level, type, desc, &def, &got);
    if (hr != expected || !got || strcmp(got->id, rule) != 0)
        print_error("expected %s, got 0x%08x (%s)\n", rule, (unsigned)hr, rule_id(got));
    _assert_int_equal(hr, expected, file, line);
    _assert_string_equal(rule_id(got), rule, file, line);
    /* On failure the def is left cleaned. */
    _assert_true(def.tensors == NULL && def.output_count == 0, "def cleaned", file, line);
    vt_rule_seen(rule);
}

void vt_rule_seen(const char *rule)
{
    int i = rule_index(rule);

    if (i < 0)
    {
        print_error("%s is no rule of the catalogue\n", rule);
        fail();
    }
    seen[i] = true;
}

bool vt_rule_was_seen(const char *rule)
{
    int i = rule_index(rule);
    return i >= 0 && seen[i];
}

const char *vt_capture(void (*fn)(void *arg), void *arg, bool debug)
{
    static char text[4096];
    FILE *stream = tmpfile();
    size_t len;

    assert_non_null(stream);
    dml_diag_set_stream(stream);
    debug_on = debug;
    fn(arg);
    debug_on = false;
    dml_diag_set_stream(NULL);
    rewind(stream);
    len = fread(text, 1, sizeof(text) - 1, stream);
    text[len] = 0;
    fclose(stream);
    return text;
}

void vt_slice1_identity(struct vt_slice1 *c, DML_TENSOR_DATA_TYPE type, UINT rank,
                        const UINT *sizes)
{
    memset(c, 0, sizeof(*c));
    vt_tensor_init(&c->in, type, rank, sizes);
    vt_tensor_init(&c->out, type, rank, sizes);
    for (UINT i = 0; i < rank; ++i)
    {
        c->sizes[i] = sizes[i];
        c->strides[i] = 1;
    }
    c->desc.InputTensor = &c->in.desc;
    c->desc.OutputTensor = &c->out.desc;
    c->desc.DimensionCount = rank;
    c->desc.InputWindowOffsets = c->offsets;
    c->desc.InputWindowSizes = c->sizes;
    c->desc.InputWindowStrides = c->strides;
}

static void padding_link(struct vt_padding *c, DML_TENSOR_DATA_TYPE type, DML_PADDING_MODE mode,
                         UINT rank)
{
    c->desc =
        (DML_PADDING_OPERATOR_DESC){&c->in.desc, &c->out.desc, mode, 9.0f, rank, c->start, c->end};
    c->desc1 = (DML_PADDING1_OPERATOR_DESC){&c->in.desc, &c->out.desc, mode,     type,
                                            {{0}},       rank,         c->start, c->end};
    c->desc1.PaddingValue.UInt8 = 9;
}

void vt_padding_seed(struct vt_padding *c, DML_TENSOR_DATA_TYPE type, DML_PADDING_MODE mode)
{
    memset(c, 0, sizeof(*c));
    vt_tensor_init(&c->in, type, 4, (UINT[]){1, 1, 4, 4});
    vt_tensor_init(&c->out, type, 4, (UINT[]){1, 1, 8, 10});
    memcpy(c->start, (UINT[]){0, 0, 1, 2}, 4 * sizeof(UINT));
    memcpy(c->end, (UINT[]){0, 0, 3, 4}, 4 * sizeof(UINT));
    padding_link(c, type, mode, 4);
}

void vt_padding_rank(struct vt_padding *c, DML_TENSOR_DATA_TYPE type, UINT rank)
{
    const UINT in[DML_MAX_RANK] = {2, 2, 2, 2, 2, 2, 2, 2};
    const UINT out[DML_MAX_RANK] = {3, 3, 3, 3, 3, 3, 3, 3};

    memset(c, 0, sizeof(*c));
    vt_tensor_init(&c->in, type, rank, in);
    vt_tensor_init(&c->out, type, rank, out);
    for (UINT i = 0; i < rank; ++i)
        c->start[i] = 1;
    padding_link(c, type, DML_PADDING_MODE_CONSTANT, rank);
}

#define VT_MAX_GROUPS 32
static const struct vt_group *registered[VT_MAX_GROUPS];
static size_t registered_count;

void vt_register_group(const struct vt_group *group)
{
    if (registered_count == VT_MAX_GROUPS)
        abort(); /* raise VT_MAX_GROUPS */
    registered[registered_count++] = group;
}

const struct vt_group *const *vt_groups(size_t *count)
{
    *count = registered_count;
    return registered;
}
