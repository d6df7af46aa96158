/* The examples of the DirectML documentation pages the project started from (../shared/seeds):
 * 2 SLICE1, 2 SPLIT and 4 PADDING, all FLOAT32, with their documented results. */
#ifndef DMLOPS_SEED_EXAMPLES_H
#define DMLOPS_SEED_EXAMPLES_H

#include <DirectML.h>

#define SEED_RANK 4
#define SEED_MAX_OUTPUTS 3

struct seed_tensor
{
    UINT sizes[SEED_RANK];
    const float *data;
};

struct seed_example
{
    const char *name;
    DML_OPERATOR_TYPE type;
    struct seed_tensor input;
    UINT output_count;
    struct seed_tensor outputs[SEED_MAX_OUTPUTS];
    UINT offsets[SEED_RANK], window_sizes[SEED_RANK]; /* SLICE1 */
    INT window_strides[SEED_RANK];
    UINT axis; /* SPLIT */
    DML_PADDING_MODE mode; /* PADDING */
    FLOAT value;
    UINT start[SEED_RANK], end[SEED_RANK];
};

extern const struct seed_example seed_examples[];
extern const unsigned seed_example_count;

/* Element count of a seed tensor. */
unsigned seed_tensor_elements(const struct seed_tensor *tensor);

/* Runs the example through DirectML's whole call sequence on device (CreateOperator,
 * CompileOperator, initializer, binding table, RecordDispatch) and downloads the outputs into
 * results[k] (seed_tensor_elements(outputs[k]) floats each). */
HRESULT seed_run(IDMLDevice *device, const struct seed_example *example, float **results);

#endif
