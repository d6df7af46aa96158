/* A 2-D SLICE1 on tensors too large to keep twice in host memory comfortably: the input is
 * generated and uploaded in chunks from a pattern that is a pure function of the element index,
 * and the output is downloaded in chunks (all of it, or chosen windows) and compared with the
 * pattern at the input element the spec's formula names (S1-8). */
#ifndef DMLOPS_TEST_LARGE_SLICE_H
#define DMLOPS_TEST_LARGE_SLICE_H

#include <stdint.h>

#include "dml_util.h"

struct large_slice
{
    const char *name;
    DML_TENSOR_DATA_TYPE type; /* an unsigned integer type: 1, 2, 4 or 8 bytes */
    UINT in_sizes[2];
    UINT offsets[2], window[2];
    INT strides[2];
};

/* A range of output elements to check: [first, first + count). */
struct large_window
{
    uint64_t first, count;
};

#define LARGE_OUT_OF_MEMORY 2

/* Runs the slice on a new default device (exit 77 without one) and checks the windows (count 0:
 * the whole output). Returns 0 when every checked element is right, LARGE_OUT_OF_MEMORY when
 * something returned E_OUTOFMEMORY (the device cannot hold the buffers), 1 otherwise; prints
 * sizes, timings and PASS/FAIL. */
int large_slice_run(const struct large_slice *slice, const struct large_window *windows,
                    unsigned window_count);

/* Output sizes (1 + (window - 1) / |stride|) and byte sizes of the slice's tensors. */
void large_slice_out_sizes(const struct large_slice *slice, UINT out_sizes[2]);
uint64_t large_slice_bytes(const struct large_slice *slice, const UINT sizes[2]);

#endif
