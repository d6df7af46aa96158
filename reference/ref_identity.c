/* ELEMENT_WISE_IDENTITY (ID-2): out[c] = in[c], each side through its strides, through
 * ScaleBias when given (FD1: one rounding, as libm's fmaf and fma; a NaN operand is returned
 * quieted, in the order x, Scale, Bias; an invalid operation gives the positive default NaN). */
#include <math.h>
#include <string.h>

#include "ref_internal.h"

static void identity_tensors(const void *desc, struct ref_tensors *out)
{
    const DML_ELEMENT_WISE_IDENTITY_OPERATOR_DESC *op = desc;
    ref_one_in_one_out(op->InputTensor, op->OutputTensor, out);
}

static uint32_t bits_of(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}

static bool nan32(uint32_t u)
{
    return (u & 0x7fffffffu) > 0x7f800000u;
}

static float fma_f32(float x, float s, float b)
{
    uint32_t xu = bits_of(x), su = bits_of(s), bu = bits_of(b), r;
    if (nan32(xu) || nan32(su) || nan32(bu))
        r = (nan32(xu) ? xu : nan32(su) ? su : bu) | 0x400000u;
    else
        r = isnan(fmaf(x, s, b)) ? 0x7fc00000u : bits_of(fmaf(x, s, b));
    memcpy(&x, &r, 4);
    return x;
}

static void scale_bias_f32(const DML_SCALE_BIAS *sb, void *bytes)
{
    float x;
    memcpy(&x, bytes, 4);
    x = fma_f32(x, sb->Scale, sb->Bias);
    memcpy(bytes, &x, 4);
}

/* FLOAT16: widened exactly to float32, the same, then rounded to nearest even. */
static void scale_bias_f16(const DML_SCALE_BIAS *sb, void *bytes)
{
    uint16_t h;
    memcpy(&h, bytes, 2);
    uint32_t e = (h >> 10) & 0x1f, m = h & 0x3ff, sign = (uint32_t)(h & 0x8000) << 16;
    float mag = e ? ldexpf((float)(m | 0x400), (int)e - 25) : ldexpf((float)m, -24);
    uint32_t xu = e == 0x1f ? sign | 0x7f800000u | m << 13 : sign | bits_of(mag);
    float x;
    memcpy(&x, &xu, 4);
    h = (uint16_t)ref_float_to_element(fma_f32(x, sb->Scale, sb->Bias),
                                       DML_TENSOR_DATA_TYPE_FLOAT16);
    memcpy(bytes, &h, 2);
}

/* FLOAT64: Scale and Bias widened exactly; a NaN among them keeps its payload's high bits. */
static void scale_bias_f64(const DML_SCALE_BIAS *sb, void *bytes)
{
    double x;
    uint64_t u;
    memcpy(&x, bytes, 8);
    memcpy(&u, bytes, 8);
    uint32_t su = bits_of(sb->Scale), bu = bits_of(sb->Bias);
    if (isnan(x))
        u |= UINT64_C(1) << 51;
    else if (nan32(su) || nan32(bu))
    {
        uint32_t nan_bits = nan32(su) ? su : bu;
        u = (uint64_t)(nan_bits & 0x80000000u) << 32 | UINT64_C(0x7ff8000000000000) |
            (uint64_t)(nan_bits & 0x7fffffu) << 29;
    }
    else
    {
        x = fma(x, (double)sb->Scale, (double)sb->Bias);
        memcpy(&u, &x, 8);
        if (isnan(x))
            u = UINT64_C(0x7ff8000000000000);
    }
    memcpy(bytes, &u, 8);
}

void ref_scale_bias(DML_TENSOR_DATA_TYPE type, float scale, float bias, void *bytes)
{
    const DML_SCALE_BIAS sb = {scale, bias};
    if (type == DML_TENSOR_DATA_TYPE_FLOAT32)
        scale_bias_f32(&sb, bytes);
    else if (type == DML_TENSOR_DATA_TYPE_FLOAT16)
        scale_bias_f16(&sb, bytes);
    else if (type == DML_TENSOR_DATA_TYPE_FLOAT64)
        scale_bias_f64(&sb, bytes);
}

static void identity_element(const struct ref_output *out, const int64_t *c, void *bytes)
{
    const DML_ELEMENT_WISE_IDENTITY_OPERATOR_DESC *op = out->desc;
    const DML_BUFFER_TENSOR_DESC *in = op->InputTensor->Desc;
    ref_read(op->InputTensor, out->inputs[0], c, bytes);
    if (op->ScaleBias)
        ref_scale_bias(in->DataType, op->ScaleBias->Scale, op->ScaleBias->Bias, bytes);
}

const struct ref_entry ref_identity = {DML_OPERATOR_ELEMENT_WISE_IDENTITY, identity_tensors, NULL,
                                       identity_element};
