/* Host-side expected values of the interop case (spec sections 1.1 S1-8 and 1.5 P-7). */
#include "interop_case.h"

const UINT case_x_sizes[CASE_RANK] = {4, 6, 10};
const UINT case_slice_offsets[CASE_RANK] = {1, 0, 2};
const UINT case_slice_sizes[CASE_RANK] = {3, 6, 7};
const INT case_slice_strides[CASE_RANK] = {1, -2, 3};
const UINT case_y_sizes[CASE_RANK] = {3, 3, 3};
const UINT case_pad_start[CASE_RANK] = {0, 2, 1};
const UINT case_pad_end[CASE_RANK] = {1, 1, 2};
const UINT case_z_sizes[CASE_RANK] = {4, 6, 6};

void case_fill_x(float *x)
{
    for (unsigned i = 0; i < X_COUNT; ++i)
        x[i] = 0.5f * (float)i - 100.0f;
}

/* Row-major linear index of coordinate c in a tensor of the given sizes. */
static unsigned linear(const UINT *sizes, const long *c)
{
    unsigned index = 0;
    for (unsigned d = 0; d < CASE_RANK; ++d)
        index = index * sizes[d] + (unsigned)c[d];
    return index;
}

/* Advances c through sizes in row-major order; false after the last coordinate. */
static int next(const UINT *sizes, long *c)
{
    for (int d = CASE_RANK - 1; d >= 0; --d)
    {
        if (++c[d] < (long)sizes[d])
            return 1;
        c[d] = 0;
    }
    return 0;
}

void case_expected_y(const float *x, float *y)
{
    long c[CASE_RANK] = {0}, in[CASE_RANK];
    do
    {
        for (unsigned d = 0; d < CASE_RANK; ++d)
        {
            long start = case_slice_offsets[d] +
                         (case_slice_strides[d] < 0 ? (long)case_slice_sizes[d] - 1 : 0);
            in[d] = start + case_slice_strides[d] * c[d];
        }
        y[linear(case_y_sizes, c)] = x[linear(case_x_sizes, in)];
    } while (next(case_y_sizes, c));
}

/* REFLECTION: p = 2(n-1), m = x mod p (non-negative), m < n ? m : p - m. */
static long reflect(long x, long n)
{
    long p = 2 * (n - 1), m = ((x % p) + p) % p;
    return m < n ? m : p - m;
}

void case_expected_z(const float *y, float *z)
{
    long c[CASE_RANK] = {0}, in[CASE_RANK];
    do
    {
        for (unsigned d = 0; d < CASE_RANK; ++d)
            in[d] = reflect(c[d] - (long)case_pad_start[d], case_y_sizes[d]);
        z[linear(case_z_sizes, c)] = y[linear(case_y_sizes, in)];
    } while (next(case_z_sizes, c));
}
