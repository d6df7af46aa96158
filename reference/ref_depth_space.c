/* DEPTH_TO_SPACE(1) and SPACE_TO_DEPTH(1), read literally: the space tensor {N, C', H*B, W*B}'s
 * element (n, c, h*B+i, w*B+j) is the depth tensor {N, C'*B*B, H, W}'s element (n, ch, h, w) with
 * ch = (i*B + j)*C' + c (DEPTH_COLUMN_ROW, the only order of the first versions) or
 * c*B*B + i*B + j (COLUMN_ROW_DEPTH). DEPTH_TO_SPACE copies depth to space, SPACE_TO_DEPTH the
 * other way. The four descs share DEPTH_TO_SPACE1's layout up to Order. */
#include "ref_internal.h"

static void depth_space_tensors(const void *desc, struct ref_tensors *out)
{
    const DML_DEPTH_TO_SPACE1_OPERATOR_DESC *op = desc;
    ref_one_in_one_out(op->InputTensor, op->OutputTensor, out);
}

/* The depth coordinate of space coordinate s. */
static void to_depth(const int64_t *s, int64_t space_channels, int64_t b, bool crd, int64_t *z)
{
    int64_t i = s[2] % b, j = s[3] % b;
    z[0] = s[0];
    z[1] = crd ? s[1] * b * b + i * b + j : (i * b + j) * space_channels + s[1];
    z[2] = s[2] / b;
    z[3] = s[3] / b;
}

/* The space coordinate of depth coordinate z (the inverse). */
static void to_space(const int64_t *z, int64_t space_channels, int64_t b, bool crd, int64_t *s)
{
    int64_t cell = crd ? z[1] % (b * b) : z[1] / space_channels; /* i*B + j */
    s[0] = z[0];
    s[1] = crd ? z[1] / (b * b) : z[1] % space_channels;
    s[2] = z[2] * b + cell / b;
    s[3] = z[3] * b + cell % b;
}

static void depth_space_element(const struct ref_output *out, const int64_t *c, void *bytes,
                                bool depth_to_space, bool crd)
{
    const DML_DEPTH_TO_SPACE1_OPERATOR_DESC *op = out->desc;
    const DML_BUFFER_TENSOR_DESC *space =
        (depth_to_space ? op->OutputTensor : op->InputTensor)->Desc;
    int64_t i[REF_MAX_RANK] = {0};
    if (depth_to_space)
        to_depth(c, space->Sizes[1], op->BlockSize, crd, i);
    else
        to_space(c, space->Sizes[1], op->BlockSize, crd, i);
    ref_read(op->InputTensor, out->inputs[0], i, bytes);
}

static void d2s(const struct ref_output *out, const int64_t *c, void *bytes)
{
    depth_space_element(out, c, bytes, true, false);
}

static void s2d(const struct ref_output *out, const int64_t *c, void *bytes)
{
    depth_space_element(out, c, bytes, false, false);
}

static bool order_crd(const struct ref_output *out)
{
    const DML_DEPTH_TO_SPACE1_OPERATOR_DESC *op = out->desc;
    return op->Order == DML_DEPTH_SPACE_ORDER_COLUMN_ROW_DEPTH;
}

static void d2s1(const struct ref_output *out, const int64_t *c, void *bytes)
{
    depth_space_element(out, c, bytes, true, order_crd(out));
}

static void s2d1(const struct ref_output *out, const int64_t *c, void *bytes)
{
    depth_space_element(out, c, bytes, false, order_crd(out));
}

const struct ref_entry ref_depth_to_space = {DML_OPERATOR_DEPTH_TO_SPACE, depth_space_tensors, NULL,
                                             d2s};
const struct ref_entry ref_space_to_depth = {DML_OPERATOR_SPACE_TO_DEPTH, depth_space_tensors, NULL,
                                             s2d};
const struct ref_entry ref_depth_to_space1 = {DML_OPERATOR_DEPTH_TO_SPACE1, depth_space_tensors,
                                              NULL, d2s1};
const struct ref_entry ref_space_to_depth1 = {DML_OPERATOR_SPACE_TO_DEPTH1, depth_space_tensors,
                                              NULL, s2d1};
