/* Counts summed from application input that wrapped 32 bits (issue 11 sweep, class 6):
 * - CompileGraph: 65,535 SPLIT nodes of 65,536 outputs and 65,535 graph inputs number exactly
 *   2^32-1 values; value_count + 1 wrapped to 0, so the per-value arrays were allocated empty and
 *   written (a heap overflow in the validation itself, ppv NULL);
 * - CreateOperatorInitializer: 65,536 targets of a JOIN of 65,536 inputs have 2^32 inputs in all;
 *   the 32-bit total wrapped to 0 and the initializer's layout was written far past its array.
 * Both are refused now (E_OUTOFMEMORY, E_INVALIDARG), in well under the test's time limit. */
#define COBJMACROS
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <cmocka.h>

#include "gpu.h"

#define WIDE 65536u

/* A FLOAT32 tensor of WIDE elements, and one element (TotalTensorSizeInBytes total). */
static UINT wide_sizes[1] = {WIDE}, one_size[1] = {1};

static IDMLOperator *create_op(IDMLDevice *device, const DML_OPERATOR_DESC *desc)
{
    IDMLOperator *op = NULL;

    assert_int_equal(IDMLDevice_CreateOperator(device, desc, &IID_IDMLOperator, (void **)&op),
                     S_OK);
    return op;
}

/* SPLIT of WIDE floats into WIDE single floats; output 0 claims the input's whole size, so that
 * it can feed the next SPLIT (an edge joins tensors of one byte size). */
static IDMLOperator *split_op(IDMLDevice *device)
{
    DML_BUFFER_TENSOR_DESC in = {DML_TENSOR_DATA_TYPE_FLOAT32, 0, 1, wide_sizes, NULL, 4 * WIDE, 0};
    DML_BUFFER_TENSOR_DESC first = {
        DML_TENSOR_DATA_TYPE_FLOAT32, 0, 1, one_size, NULL, 4 * WIDE, 0};
    DML_BUFFER_TENSOR_DESC rest = {DML_TENSOR_DATA_TYPE_FLOAT32, 0, 1, one_size, NULL, 4, 0};
    DML_TENSOR_DESC in_tensor = {DML_TENSOR_TYPE_BUFFER, &in};
    DML_TENSOR_DESC *outs = malloc(WIDE * sizeof(*outs));
    IDMLOperator *op;

    assert_non_null(outs);
    outs[0] = (DML_TENSOR_DESC){DML_TENSOR_TYPE_BUFFER, &first};
    for (UINT k = 1; k < WIDE; ++k)
        outs[k] = (DML_TENSOR_DESC){DML_TENSOR_TYPE_BUFFER, &rest};
    DML_SPLIT_OPERATOR_DESC split = {&in_tensor, WIDE, outs, 0};
    DML_OPERATOR_DESC desc = {DML_OPERATOR_SPLIT, &split};
    op = create_op(device, &desc);
    free(outs);
    return op;
}

static void test_graph_of_2_32_values(void **state)
{
    const UINT nodes = WIDE - 1, inputs = WIDE - 1; /* inputs + nodes * WIDE = 2^32 - 1 */
    IDMLDevice *device = gpu_create_device(0, FALSE);
    IDMLDevice1 *device1;
    IDMLOperator *split = split_op(device);
    DML_OPERATOR_GRAPH_NODE_DESC op_node = {split, NULL};
    DML_GRAPH_NODE_DESC *node_descs = malloc(nodes * sizeof(*node_descs));
    DML_INTERMEDIATE_GRAPH_EDGE_DESC *mid = malloc(nodes * sizeof(*mid));
    DML_GRAPH_EDGE_DESC *mid_edges = malloc(nodes * sizeof(*mid_edges));
    DML_INPUT_GRAPH_EDGE_DESC in = {0, 0, 0, NULL};
    DML_OUTPUT_GRAPH_EDGE_DESC out = {nodes - 1, 0, 0, NULL};
    DML_GRAPH_EDGE_DESC in_edge = {DML_GRAPH_EDGE_TYPE_INPUT, &in};
    DML_GRAPH_EDGE_DESC out_edge = {DML_GRAPH_EDGE_TYPE_OUTPUT, &out};

    (void)state;
    assert_true(node_descs && mid && mid_edges);
    for (UINT n = 0; n < nodes; ++n)
        node_descs[n] = (DML_GRAPH_NODE_DESC){DML_GRAPH_NODE_TYPE_OPERATOR, &op_node};
    for (UINT n = 0; n + 1 < nodes; ++n) /* a chain through output 0 */
    {
        mid[n] = (DML_INTERMEDIATE_GRAPH_EDGE_DESC){n, 0, n + 1, 0, NULL};
        mid_edges[n] = (DML_GRAPH_EDGE_DESC){DML_GRAPH_EDGE_TYPE_INTERMEDIATE, &mid[n]};
    }
    DML_GRAPH_DESC graph = {inputs,   1, nodes,     node_descs, 1,
                            &in_edge, 1, &out_edge, nodes - 1,  mid_edges};
    assert_int_equal(IDMLDevice_QueryInterface(device, &IID_IDMLDevice1, (void **)&device1), S_OK);
    assert_int_equal(IDMLDevice1_CompileGraph(device1, &graph, DML_EXECUTION_FLAG_NONE,
                                              &IID_IDMLCompiledOperator, NULL),
                     E_OUTOFMEMORY);
    IDMLDevice1_Release(device1);
    IDMLOperator_Release(split);
    free(node_descs);
    free(mid);
    free(mid_edges);
    assert_int_equal(IDMLDevice_Release(device), 0);
}

static void test_initializer_of_2_32_inputs(void **state)
{
    IDMLDevice *device = gpu_create_device(0, FALSE);
    DML_BUFFER_TENSOR_DESC one = {DML_TENSOR_DATA_TYPE_FLOAT32, 0, 1, one_size, NULL, 4, 0};
    DML_BUFFER_TENSOR_DESC out = {
        DML_TENSOR_DATA_TYPE_FLOAT32, 0, 1, wide_sizes, NULL, 4 * WIDE, 0};
    DML_TENSOR_DESC *ins = malloc(WIDE * sizeof(*ins));
    DML_TENSOR_DESC out_tensor = {DML_TENSOR_TYPE_BUFFER, &out};
    IDMLCompiledOperator *compiled, **targets = malloc(WIDE * sizeof(*targets));
    IDMLOperatorInitializer *init = NULL;
    IDMLOperator *join;

    (void)state;
    assert_true(ins && targets);
    for (UINT k = 0; k < WIDE; ++k)
        ins[k] = (DML_TENSOR_DESC){DML_TENSOR_TYPE_BUFFER, &one};
    DML_JOIN_OPERATOR_DESC join_desc = {WIDE, ins, &out_tensor, 0};
    DML_OPERATOR_DESC desc = {DML_OPERATOR_JOIN, &join_desc};
    join = create_op(device, &desc);
    assert_int_equal(IDMLDevice_CompileOperator(device, join,
                                                DML_EXECUTION_FLAG_DESCRIPTORS_VOLATILE,
                                                &IID_IDMLCompiledOperator, (void **)&compiled),
                     S_OK);
    for (UINT t = 0; t < WIDE; ++t) /* the same operator, 2^16 times: 2^32 inputs in all */
        targets[t] = compiled;
    assert_int_equal(IDMLDevice_CreateOperatorInitializer(
                         device, WIDE, targets, &IID_IDMLOperatorInitializer, (void **)&init),
                     E_INVALIDARG);
    assert_null(init);
    IDMLCompiledOperator_Release(compiled);
    IDMLOperator_Release(join);
    free(ins);
    free(targets);
    assert_int_equal(IDMLDevice_Release(device), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_graph_of_2_32_values),
        cmocka_unit_test(test_initializer_of_2_32_inputs),
    };

    gpu_require_device();
    return cmocka_run_group_tests(tests, NULL, NULL);
}
