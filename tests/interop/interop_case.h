/* The case the interop test records: X (OWNED_BY_DML) -SLICE1-> Y -PADDING(REFLECTION)-> Z, all
 * FLOAT32 and 3-D, with the expected values computed on the host from the spec's formulas. */
#ifndef DMLOPS_TEST_INTEROP_CASE_H
#define DMLOPS_TEST_INTEROP_CASE_H

#include <DirectML.h>

#define CASE_RANK 3

/* Element counts and byte sizes of X, Y and Z. */
enum
{
    X_COUNT = 4 * 6 * 10,
    Y_COUNT = 3 * 3 * 3,
    Z_COUNT = 4 * 6 * 6,
};

extern const UINT case_x_sizes[CASE_RANK], case_y_sizes[CASE_RANK], case_z_sizes[CASE_RANK];
extern const UINT case_slice_offsets[CASE_RANK], case_slice_sizes[CASE_RANK];
extern const INT case_slice_strides[CASE_RANK];
extern const UINT case_pad_start[CASE_RANK], case_pad_end[CASE_RANK];

/* X's values: distinct, exactly representable. */
void case_fill_x(float *x);
/* Y = SLICE1(X) and Z = PADDING(Y) per DirectML's formulas. */
void case_expected_y(const float *x, float *y);
void case_expected_z(const float *y, float *z);

#endif
