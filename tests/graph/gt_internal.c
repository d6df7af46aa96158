#include "gt_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"

static bool seen[DML_RULE_COUNT];

void gt_rule_seen(enum dml_rule rule)
{
    if ((unsigned)rule < DML_RULE_COUNT)
        seen[rule] = true;
}

bool gt_rule_was_seen(enum dml_rule rule)
{
    return seen[rule];
}

struct dml_device *gt_cpu_device(DML_FEATURE_LEVEL level)
{
    struct dml_device *dev = NULL;

    assert_int_equal(dml_device_create(NULL, DML_CREATE_DEVICE_FLAG_DEBUG, level, &dev), S_OK);
    return dev;
}

int gt_setup(void **state)
{
    static const UINT parts[] = {2, 2};
    struct gt_fixture *f = calloc(1, sizeof(*f));

    f->dev = gt_cpu_device(DML_FEATURE_LEVEL_6_4);
    f->device = (IDMLDevice *)&f->dev->IDMLDevice1_iface;
    f->copy4 = gt_copy(f->device, DML_TENSOR_DATA_TYPE_FLOAT32, 4, DML_TENSOR_FLAG_NONE);
    f->copy4_owned =
        gt_copy(f->device, DML_TENSOR_DATA_TYPE_FLOAT32, 4, DML_TENSOR_FLAG_OWNED_BY_DML);
    f->copy5 = gt_copy(f->device, DML_TENSOR_DATA_TYPE_FLOAT32, 5, DML_TENSOR_FLAG_NONE);
    f->copy8_u16 = gt_copy(f->device, DML_TENSOR_DATA_TYPE_UINT16, 8, DML_TENSOR_FLAG_NONE);
    f->split22 = gt_split(f->device, 2, parts);
    f->pad4 = gt_pad(f->device, 4, 1, 1);
    assert_non_null(f->copy4);
    assert_non_null(f->copy4_owned);
    assert_non_null(f->copy5);
    assert_non_null(f->copy8_u16);
    assert_non_null(f->split22);
    assert_non_null(f->pad4);
    *state = f;
    return 0;
}

int gt_teardown(void **state)
{
    struct gt_fixture *f = *state;
    IDMLOperator *ops[] = {f->copy4, f->copy4_owned, f->copy5, f->copy8_u16, f->split22, f->pad4};

    for (size_t i = 0; i < sizeof(ops) / sizeof(ops[0]); ++i)
        assert_int_equal(IDMLOperator_Release(ops[i]), 0);
    assert_int_equal(IDMLDevice_Release(f->device), 0);
    free(f);
    return 0;
}

HRESULT gt_validate(struct dml_device *dev, const DML_GRAPH_DESC *desc, DML_EXECUTION_FLAGS flags,
                    enum dml_rule *rule, char *line, size_t size)
{
    struct dml_graph_ctx ctx = {dev->feature_level, true, dev, DML_RULE_COUNT};
    FILE *stream = tmpfile();
    struct dml_graph graph;
    size_t got;
    HRESULT hr;

    assert_non_null(stream);
    dml_diag_set_stream(stream);
    hr = dml_graph_validate(&ctx, desc, flags, &graph);
    dml_diag_set_stream(NULL);
    if (SUCCEEDED(hr))
        dml_graph_cleanup(&graph);
    rewind(stream);
    got = fread(line, 1, size - 1, stream);
    line[got] = 0;
    fclose(stream);
    *rule = ctx.rejected;
    return hr;
}

static int count_lines(const char *text)
{
    int lines = 0;

    for (; *text; ++text)
        lines += *text == '\n';
    return lines;
}

void gt_expect_rule_(struct dml_device *dev, const DML_GRAPH_DESC *desc, DML_EXECUTION_FLAGS flags,
                     enum dml_rule rule, const char *const *needles, const char *file, int line)
{
    const struct dml_rule_info *info = dml_rule_info(rule);
    IDMLDevice1 *device = &dev->IDMLDevice1_iface;
    void *out = (void *)0x1;
    char text[2048], name[64];
    enum dml_rule got;
    HRESULT hr;

    hr = gt_validate(dev, desc, flags, &got, text, sizeof(text));
    if (hr != E_INVALIDARG || got != rule)
        print_error("expected %s, got 0x%08x %s\n%s", info->id, (unsigned)hr,
                    dml_rule_info(got) ? dml_rule_info(got)->id : "(none)", text);
    _assert_int_equal(hr, E_INVALIDARG, file, line);
    _assert_int_equal(got, rule, file, line);
    _assert_int_equal(count_lines(text), 1, file, line);
    _assert_true(!strncmp(text, "[DIRECTML ERROR]", 16), text, file, line);
    snprintf(name, sizeof(name), "rule %s ", info->short_name);
    _assert_true(strstr(text, name) != NULL, text, file, line);
    for (; *needles; ++needles)
        if (!strstr(text, *needles))
            print_error("'%s' not in: %s", *needles, text), _fail(file, line);
    atomic_store(&dev->muted, true);
    hr = IDMLDevice1_CompileGraph(device, desc, flags, &IID_IDMLCompiledOperator, &out);
    atomic_store(&dev->muted, false);
    _assert_int_equal(hr, E_INVALIDARG, file, line);
    _assert_true(out == NULL, "ppv cleared", file, line);
    gt_rule_seen(rule);
}

void gt_expect_valid_(struct dml_device *dev, const DML_GRAPH_DESC *desc, const char *file,
                      int line)
{
    char text[2048];
    enum dml_rule got;
    HRESULT hr = gt_validate(dev, desc, DML_EXECUTION_FLAG_NONE, &got, text, sizeof(text));

    if (hr != S_OK)
        print_error("expected a valid graph, got 0x%08x: %s", (unsigned)hr, text);
    _assert_int_equal(hr, S_OK, file, line);
    _assert_int_equal(got, DML_RULE_NONE, file, line);
    _assert_int_equal(text[0], 0, file, line);
}

HRESULT gt_compile_check(struct dml_device *dev, const DML_GRAPH_DESC *desc)
{
    HRESULT hr;

    atomic_store(&dev->muted, true);
    hr = IDMLDevice1_CompileGraph(&dev->IDMLDevice1_iface, desc, DML_EXECUTION_FLAG_NONE,
                                  &IID_IDMLCompiledOperator, NULL);
    atomic_store(&dev->muted, false);
    return hr;
}
