/* CompileGraph's plan dump on a debug device (one INFO line per step) names each step's kernel
 * from a table that lacked CAST: a CAST node printed its name from a NULL pointer (undefined;
 * glibc's "(null)"). Every kernel has its name now. */
#define COBJMACROS
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "diag.h"
#include "gpu.h"

static void test_cast_step_named(void **state)
{
    IDMLDevice *device = gpu_create_device(0, TRUE);
    IDMLDevice1 *device1;
    UINT sizes[1] = {8};
    DML_BUFFER_TENSOR_DESC in = {DML_TENSOR_DATA_TYPE_UINT8, 0, 1, sizes, NULL, 8, 0};
    DML_BUFFER_TENSOR_DESC out = {DML_TENSOR_DATA_TYPE_FLOAT32, 0, 1, sizes, NULL, 32, 0};
    DML_TENSOR_DESC tensors[2] = {{DML_TENSOR_TYPE_BUFFER, &in}, {DML_TENSOR_TYPE_BUFFER, &out}};
    DML_CAST_OPERATOR_DESC cast = {&tensors[0], &tensors[1]};
    DML_OPERATOR_DESC desc = {DML_OPERATOR_CAST, &cast};
    IDMLOperator *op;
    IDMLCompiledOperator *compiled;
    FILE *stream = tmpfile();
    char text[4096];
    size_t n;

    (void)state;
    assert_non_null(stream);
    assert_int_equal(IDMLDevice_QueryInterface(device, &IID_IDMLDevice1, (void **)&device1), S_OK);
    assert_int_equal(IDMLDevice_CreateOperator(device, &desc, &IID_IDMLOperator, (void **)&op),
                     S_OK);
    DML_OPERATOR_GRAPH_NODE_DESC node_desc = {op, "cast"};
    DML_GRAPH_NODE_DESC node = {DML_GRAPH_NODE_TYPE_OPERATOR, &node_desc};
    DML_INPUT_GRAPH_EDGE_DESC in_edge = {0, 0, 0, NULL};
    DML_OUTPUT_GRAPH_EDGE_DESC out_edge = {0, 0, 0, NULL};
    DML_GRAPH_EDGE_DESC in_desc = {DML_GRAPH_EDGE_TYPE_INPUT, &in_edge};
    DML_GRAPH_EDGE_DESC out_desc = {DML_GRAPH_EDGE_TYPE_OUTPUT, &out_edge};
    DML_GRAPH_DESC graph = {1, 1, 1, &node, 1, &in_desc, 1, &out_desc, 0, NULL};

    dml_diag_set_stream(stream);
    assert_int_equal(IDMLDevice1_CompileGraph(device1, &graph, DML_EXECUTION_FLAG_NONE,
                                              &IID_IDMLCompiledOperator, (void **)&compiled),
                     S_OK);
    dml_diag_set_stream(NULL);
    rewind(stream);
    n = fread(text, 1, sizeof(text) - 1, stream);
    text[n] = 0;
    fclose(stream);
    printf("%s", text);
    assert_non_null(strstr(text, "kernel CAST"));
    assert_null(strstr(text, "(null)"));
    IDMLCompiledOperator_Release(compiled);
    IDMLOperator_Release(op);
    IDMLDevice1_Release(device1);
    assert_int_equal(IDMLDevice_Release(device), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_cast_step_named),
    };

    gpu_require_device();
    return cmocka_run_group_tests(tests, NULL, NULL);
}
