/* Every operator desc of the header used from C with COBJMACROS, as a C application does: filled
 * field by field, wrapped in a DML_OPERATOR_DESC of its operator type and handed to
 * IDMLDevice_CreateOperator (a C object of abi_c_objects.c records what arrives). Also: every
 * field of every struct of directml-abi-all.txt lies inside its struct and can be written. */
#define COBJMACROS
#include <DirectML.h>

#include "abi_c_objects.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

/* Sends one desc of DML_OPERATOR_<name> through the C call macro; 1 when it arrived intact. */
static unsigned create_through_c_macro(IDMLDevice *device, DML_OPERATOR_TYPE type, const void *desc,
                                       size_t size)
{
    DML_OPERATOR_DESC op = {type, desc};
    void *out = NULL;
    abi_forget_call();
    HRESULT hr = IDMLDevice_CreateOperator(device, &op, &IID_IDMLOperator, &out);
    const AbiCall *call = abi_last_call();
    if (hr != abi_result_of("CreateOperator") || !call->method ||
        strcmp(call->method, "CreateOperator") != 0 || call->args[0] != (uintptr_t)&op)
        return 0;
    const DML_OPERATOR_DESC *seen = (const DML_OPERATOR_DESC *)call->args[0];
    const unsigned char *bytes = (const unsigned char *)seen->Desc;
    for (size_t i = 0; i < size; ++i)
        if (bytes[i] != (unsigned char)(i + 1))
            return 0;
    return seen->Type == type;
}

static void test_every_operator_desc_through_the_c_macros(void **state)
{
    (void)state;
    IDMLDevice *device = (IDMLDevice *)abi_c_device();
    unsigned descs = 0, good = 0;
#undef ABI_OPERATOR_DESC
#define ABI_OPERATOR_DESC(name)                                                                    \
    {                                                                                              \
        DML_##name##_OPERATOR_DESC desc;                                                           \
        for (size_t i = 0; i < sizeof desc; ++i)                                                   \
            ((unsigned char *)&desc)[i] = (unsigned char)(i + 1);                                  \
        good += create_through_c_macro(device, DML_OPERATOR_##name, &desc, sizeof desc);           \
        descs++;                                                                                   \
    }
#include "abi_facts_all.inc"
#undef ABI_OPERATOR_DESC
    assert_int_equal(descs, 177);
    assert_int_equal(good, descs);
}

/* Each field: inside the struct, and a write to it changes only its own bytes. */
static unsigned field_is_its_own(unsigned char *object, size_t size, size_t offset, size_t width)
{
    if (offset + width > size || width == 0)
        return 0;
    memset(object, 0, size);
    memset(object + offset, 0xA5, width);
    for (size_t i = 0; i < size; ++i)
        if ((object[i] == 0xA5) != (i >= offset && i < offset + width))
            return 0;
    return 1;
}

static void test_every_field_is_writable_from_c(void **state)
{
    (void)state;
    unsigned fields = 0, good = 0;
#undef ABI_FIELD
#define ABI_FIELD(type, field, field_type)                                                         \
    {                                                                                              \
        type object;                                                                               \
        memset(&object, 0, sizeof object);                                                         \
        good += field_is_its_own((unsigned char *)&object, sizeof object, offsetof(type, field),   \
                                 sizeof object.field);                                             \
        fields++;                                                                                  \
    }
#include "abi_facts_all.inc"
#undef ABI_FIELD
    assert_int_equal(fields, 994);
    assert_int_equal(good, fields);
}

/* A desc filled the way C programs write them: designated initialisers, by field name. */
static void test_designated_initialisers(void **state)
{
    (void)state;
    DML_TENSOR_DESC a = {DML_TENSOR_TYPE_BUFFER, NULL}, b = a, out = a;
    DML_ELEMENT_WISE_ADD1_OPERATOR_DESC relu_add = {
        .ATensor = &a, .BTensor = &b, .OutputTensor = &out, .FusedActivation = NULL};
    DML_FILL_VALUE_CONSTANT_OPERATOR_DESC fill = {
        .OutputTensor = &out, .ValueDataType = DML_TENSOR_DATA_TYPE_INT4, .Value = {.Int8 = -3}};
    UINT axes[1] = {1};
    DML_MEAN_VARIANCE_NORMALIZATION2_OPERATOR_DESC mvn = {.InputTensor = &a,
                                                          .OutputTensor = &out,
                                                          .AxisCount = 1,
                                                          .Axes = axes,
                                                          .UseMean = TRUE,
                                                          .UseVariance = FALSE,
                                                          .Epsilon = 1e-5f};
    DML_SCATTER_ELEMENTS_OPERATOR_DESC scatter = {.Axis = 2}; /* the alias of SCATTER's desc */
    DML_SCATTER_OPERATOR_DESC *same = &scatter;
    assert_ptr_equal(relu_add.BTensor, &b);
    assert_int_equal(fill.Value.Int8, -3);
    assert_int_equal(mvn.Axes[0], 1);
    assert_int_equal(same->Axis, 2);
    assert_int_equal(DML_OPERATOR_SCATTER, DML_OPERATOR_SCATTER_ELEMENTS);
    assert_int_equal(DML_PADDING_MODE_WRAP, 4);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_operator_desc_through_the_c_macros),
        cmocka_unit_test(test_every_field_is_writable_from_c),
        cmocka_unit_test(test_designated_initialisers),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
