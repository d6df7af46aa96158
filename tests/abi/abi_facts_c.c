/* Every fact of directml-abi.txt, checked against include/DirectML.h compiled as C11: constants,
 * enum values, struct sizes and offsets, IIDs, and vtable slots as offsets into the C XxxVtbl
 * structs (every inherited method repeated, in order). */
#include <DirectML.h> /* first: the header needs nothing before it */
#include <DirectML.h> /* second: it survives a repeated inclusion */

#include "abi_check.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#define SLOT_OF(iface, method) ((long long)(offsetof(iface##Vtbl, method) / sizeof(void *)))

static void test_every_fact_of_the_facts_file(void **state)
{
    (void)state;
    unsigned bad = 0;
    unsigned lines = 0;
#define ABI_CONST(name, value)                                                                     \
    bad += abi_mismatch("const " #name, (long long)(name), value), lines++;
#define ABI_ENUM(type, name, value)                                                                \
    bad += abi_mismatch("enum " #type "." #name, (long long)(type)(name), value), lines++;
#define ABI_SIZE(type, bytes)                                                                      \
    bad += abi_mismatch("size " #type, (long long)sizeof(type), bytes), lines++;
#define ABI_OFFSET(type, field, bytes)                                                             \
    bad += abi_mismatch("offset " #type "." #field, (long long)offsetof(type, field), bytes),      \
        lines++;
#define ABI_IID(iface, text) bad += abi_guid_mismatch("IID_" #iface, &IID_##iface, text), lines++;
#define ABI_SLOT(iface, method, index)                                                             \
    bad += abi_mismatch("slot " #iface "::" #method, SLOT_OF(iface, method), index);
#define ABI_VTBL(iface, count)                                                                     \
    bad += abi_mismatch("slots of " #iface "Vtbl",                                                 \
                        (long long)(sizeof(iface##Vtbl) / sizeof(void *)), count),                 \
        lines++;
#include "abi_facts.inc"
    assert_int_equal(bad, 0);
    assert_int_equal(lines, ABI_FACT_LINES);
}

static void test_hresults_and_base_types(void **state)
{
    (void)state;
    unsigned bad = 0;
#define ABI_HRESULT(name, value)                                                                   \
    bad += abi_mismatch(#name, (long long)(uint32_t)(name), value);                                \
    bad += abi_mismatch("FAILED(" #name ")", FAILED(name), (value) >= 0x80000000u);                \
    bad += abi_mismatch("SUCCEEDED(" #name ")", SUCCEEDED(name), (value) < 0x80000000u);
#define ABI_TYPE_SIZE(type, bytes)                                                                 \
    bad += abi_mismatch("sizeof " #type, (long long)sizeof(type), bytes);
#include "abi_extra_facts.h"
    assert_int_equal(bad, 0);
    assert_true((HRESULT)-1 < 0); /* HRESULT is signed */
    assert_true((BOOL)-1 > 0);    /* BOOL is unsigned as in the WSL stubs */
    assert_true(TRUE == 1 && FALSE == 0);
}

static void test_iunknown_and_c_constants(void **state)
{
    (void)state;
    /* C must be able to size arrays with the constants. */
    UINT sizes[DML_TENSOR_DIMENSION_COUNT_MAX1];
    assert_int_equal(sizeof sizes / sizeof sizes[0], 8);
    assert_int_equal(
        abi_guid_mismatch("IID_IUnknown", &IID_IUnknown, "00000000-0000-0000-c000-000000000046"),
        0);
    assert_int_equal(SLOT_OF(IUnknown, QueryInterface), 0);
    assert_int_equal(SLOT_OF(IUnknown, AddRef), 1);
    assert_int_equal(SLOT_OF(IUnknown, Release), 2);
    assert_int_equal(sizeof(IDMLDevice1), sizeof(void *)); /* an interface is just its lpVtbl */
    assert_int_equal(DML_TARGET_VERSION, 0x6400);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_fact_of_the_facts_file),
        cmocka_unit_test(test_hresults_and_base_types),
        cmocka_unit_test(test_iunknown_and_c_constants),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
