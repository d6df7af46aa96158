/* A printable account of a random case, complete enough to rebuild it by hand. */
#include <inttypes.h>
#include <string.h>

#include "random_case_internal.h"

const char *random_type_name(DML_TENSOR_DATA_TYPE type)
{
    static const char *const names[] = {"UNKNOWN", "FLOAT32", "FLOAT16", "UINT32", "UINT16",
                                        "UINT8",   "INT32",   "INT16",   "INT8",   "FLOAT64",
                                        "UINT64",  "INT64",   "UINT4",   "INT4"};
    return (unsigned)type < sizeof(names) / sizeof(names[0]) ? names[type] : "?";
}

static const char *random_operator_name(DML_OPERATOR_TYPE type)
{
    switch (type)
    {
    case DML_OPERATOR_SLICE:
        return "SLICE";
    case DML_OPERATOR_SLICE1:
        return "SLICE1";
    case DML_OPERATOR_SPLIT:
        return "SPLIT";
    case DML_OPERATOR_PADDING:
        return "PADDING";
    case DML_OPERATOR_PADDING1:
        return "PADDING1";
    default:
        return "?";
    }
}

static void describe_uints(FILE *file, const char *name, const uint32_t *values, uint32_t count)
{
    fprintf(file, " %s {", name);
    for (uint32_t i = 0; i < count; ++i)
        fprintf(file, "%s%" PRIu32, i ? "," : "", values[i]);
    fprintf(file, "}");
}

static void describe_ints(FILE *file, const char *name, const int32_t *values, uint32_t count)
{
    fprintf(file, " %s {", name);
    for (uint32_t i = 0; i < count; ++i)
        fprintf(file, "%s%" PRId32, i ? "," : "", values[i]);
    fprintf(file, "}");
}

static void describe_tensor(FILE *file, const char *name, const DML_TENSOR_DESC *desc)
{
    const DML_BUFFER_TENSOR_DESC *b = desc->Desc;
    fprintf(file, "  %s: %s flags %u", name, random_type_name(b->DataType), (unsigned)b->Flags);
    describe_uints(file, "sizes", b->Sizes, b->DimensionCount);
    if (b->Strides)
        describe_uints(file, "strides", b->Strides, b->DimensionCount);
    else
        fprintf(file, " strides NULL");
    fprintf(file, " total %" PRIu64 " align %u\n", (uint64_t)b->TotalTensorSizeInBytes,
            (unsigned)b->GuaranteedBaseOffsetAlignment);
}

static void describe_padding_fields(FILE *file, DML_PADDING_MODE mode, uint32_t rank,
                                    const uint32_t *start, const uint32_t *end)
{
    static const char *const modes[] = {"CONSTANT", "EDGE", "REFLECTION", "SYMMETRIC", "WRAP"};
    fprintf(file, "  mode %s", (unsigned)mode < 5 ? modes[mode] : "?");
    describe_uints(file, "start", start, rank);
    describe_uints(file, "end", end, rank);
}

static void describe_operator(FILE *file, const struct random_case *rc)
{
    const DML_SLICE_OPERATOR_DESC *s = &rc->op.slice;
    const DML_SLICE1_OPERATOR_DESC *s1 = &rc->op.slice1;
    const DML_PADDING_OPERATOR_DESC *p = &rc->op.padding;
    const DML_PADDING1_OPERATOR_DESC *p1 = &rc->op.padding1;
    uint64_t bits;
    uint32_t float_bits;
    switch (rc->desc.Type)
    {
    case DML_OPERATOR_SLICE:
        describe_uints(file, " offsets", s->Offsets, s->DimensionCount);
        describe_uints(file, "sizes", s->Sizes, s->DimensionCount);
        describe_uints(file, "strides", s->Strides, s->DimensionCount);
        break;
    case DML_OPERATOR_SLICE1:
        describe_uints(file, " window offsets", s1->InputWindowOffsets, s1->DimensionCount);
        describe_uints(file, "sizes", s1->InputWindowSizes, s1->DimensionCount);
        describe_ints(file, "strides", s1->InputWindowStrides, s1->DimensionCount);
        break;
    case DML_OPERATOR_SPLIT:
        fprintf(file, "  axis %u outputs %u", rc->op.split.Axis, rc->op.split.OutputCount);
        break;
    case DML_OPERATOR_PADDING:
        describe_padding_fields(file, p->PaddingMode, p->DimensionCount, p->StartPadding,
                                p->EndPadding);
        memcpy(&float_bits, &p->PaddingValue, sizeof(float_bits));
        fprintf(file, " value %.9g (bits 0x%08" PRIx32 ")", p->PaddingValue, float_bits);
        break;
    case DML_OPERATOR_PADDING1:
        describe_padding_fields(file, p1->PaddingMode, p1->DimensionCount, p1->StartPadding,
                                p1->EndPadding);
        memcpy(&bits, p1->PaddingValue.Bytes, sizeof(bits));
        fprintf(file, " value type %s union bytes 0x%016" PRIx64,
                random_type_name(p1->PaddingValueDataType), bits);
        break;
    default:
        break;
    }
    fprintf(file, "\n");
}

void random_case_describe(FILE *file, const struct random_case *rc)
{
    if (rc->max_elements == RANDOM_CASE_DEFAULT_ELEMENTS)
        fprintf(file, "random case: random_case_generate(&rc, 0x%016" PRIx64 ", 0x%x) -> %s\n",
                rc->seed, (unsigned)rc->feature_level, random_operator_name(rc->desc.Type));
    else
        fprintf(file,
                "random case: random_case_generate_sized(&rc, 0x%016" PRIx64 ", 0x%x, %u) -> %s\n",
                rc->seed, (unsigned)rc->feature_level, rc->max_elements,
                random_operator_name(rc->desc.Type));
    describe_tensor(file, "input", &rc->input.desc);
    for (uint32_t k = 0; k < rc->output_count; ++k)
    {
        char name[32];
        snprintf(name, sizeof(name), "output %u", k);
        describe_tensor(file, name, &rc->output_descs[k]);
    }
    describe_operator(file, rc);
}
