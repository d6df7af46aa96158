/* Every fact of directml-abi.txt and directml-abi-all.txt, checked against include/DirectML.h
 * compiled as C11: constants,
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

/* One checker per kind of fact line, for both facts files (directml-abi.txt has the IIDs and
 * vtables, directml-abi-all.txt the field types); each counts the lines it checked in `lines` and
 * its mismatches in `bad`, locals of the test that expands the facts. */
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
/* C cannot tell an enum from its underlying type, so abi_facts_cpp's is_same checks are the
 * strict ones; here a field of another type than the facts' fails. */
#define ABI_FIELD(type, field, field_type)                                                         \
    bad +=                                                                                         \
        abi_mismatch("type of " #type "." #field " is " #field_type,                               \
                     __builtin_types_compatible_p(__typeof__(((type *)0)->field), field_type), 1), \
        lines++;

static void test_every_fact_of_the_facts_file(void **state)
{
    (void)state;
    unsigned bad = 0;
    unsigned lines = 0;
#include "abi_facts.inc"
    assert_int_equal(bad, 0);
    assert_int_equal(lines, ABI_FACT_LINES);
}

/* Every fact of directml-abi-all.txt (the whole of Microsoft's header at DML_TARGET_VERSION
 * 0x6400): the facts above again, all 177 operator descs' sizes and offsets, and each field's
 * declared type. */
static void test_every_fact_of_the_whole_header(void **state)
{
    (void)state;
    unsigned bad = 0;
    unsigned lines = 0;
#include "abi_facts_all.inc"
    assert_int_equal(bad, 0);
    assert_int_equal(lines, ABI_ALL_FACT_LINES);
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
        cmocka_unit_test(test_every_fact_of_the_whole_header),
        cmocka_unit_test(test_hresults_and_base_types),
        cmocka_unit_test(test_iunknown_and_c_constants),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
