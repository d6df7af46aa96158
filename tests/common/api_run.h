/* One operator through DirectML's whole API on a device of the library: CreateOperator, then
 * CompileOperator or CompileGraph of a one-node graph (graph input i to node input i, node
 * output k to graph output k), the initializer, a binding table (with the temporary resource
 * when the compiled operator asks for one) and dmlopsExecute; the outputs are read back. For the
 * tests of operators whose steps the program layer orders (SCATTER's copy, clear, claim, write). */
#ifndef DMLOPS_TEST_API_RUN_H
#define DMLOPS_TEST_API_RUN_H

#define COBJMACROS
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <dmlops.h>

#define API_RUN_MAX_TENSORS 8

struct api_run_io
{
    uint32_t input_count, output_count;
    const uint8_t *inputs[API_RUN_MAX_TENSORS];
    uint64_t input_bytes[API_RUN_MAX_TENSORS];
    uint8_t *outputs[API_RUN_MAX_TENSORS]; /* initial contents in, results out */
    uint64_t output_bytes[API_RUN_MAX_TENSORS];
};

/* as_graph: through IDMLDevice1::CompileGraph. Fails with the first failing HRESULT (printed). */
HRESULT api_run(IDMLDevice *device, const DML_OPERATOR_DESC *desc, bool as_graph,
                struct api_run_io *io);

struct op_check_buffers;

/* Runs desc as an operator and as a one-node graph on b's inputs (outputs poisoned first) and
 * compares every output byte with b's expected ones. False with the reason in why. */
bool api_run_check(IDMLDevice *device, const DML_OPERATOR_DESC *desc,
                   const struct op_check_buffers *b, char *why, size_t why_size);

#endif
