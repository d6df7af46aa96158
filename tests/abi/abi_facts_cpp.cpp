// Every fact of directml-abi.txt and directml-abi-all.txt, checked against include/DirectML.h
// compiled as C++17, plus what only C++ has: enumerators typed by their enum, exact field types,
// __uuidof / uuidof<T>() / IID_PPV_ARGS, and the flag operators. Vtable slots of the C++ classes
// are checked by abi_vtable_cpp.
#include <DirectML.h> // first: the header needs nothing before it
#include <DirectML.h> // second: it survives a repeated inclusion

#include "abi_check.h"

#include <cstddef>
#include <cstdint>
#include <type_traits>

#include <setjmp.h>
#include <stdarg.h>

extern "C" // cmocka.h declares its functions without C linkage
{
#include <cmocka.h>
}

namespace
{
constexpr bool same_guid(const GUID &a, const GUID &b)
{
    for (int i = 0; i < 8; ++i)
    {
        if (a.Data4[i] != b.Data4[i])
        {
            return false;
        }
    }
    return a.Data1 == b.Data1 && a.Data2 == b.Data2 && a.Data3 == b.Data3;
}

// What a COM method receives from IID_PPV_ARGS.
struct PpvArgs
{
    GUID riid;
    void **ppv;
};

PpvArgs capture(REFIID riid, void **ppv)
{
    return PpvArgs{riid, ppv};
}

// One checker per kind of fact line, for both facts files (directml-abi.txt has the IIDs and
// vtables, directml-abi-all.txt the field types); each counts the lines it checked in `lines` and
// its mismatches in `bad`, locals of the test that expands the facts.
#define ABI_CONST(name, v)                                                                         \
    static_assert(std::is_same<decltype(name), const UINT>::value, #name " is a const UINT");      \
    bad += abi_mismatch("const " #name, static_cast<long long>(name), v), lines++;
#define ABI_ENUM(type, name, v)                                                                    \
    static_assert(std::is_same<decltype(name), type>::value, #name " belongs to " #type);          \
    bad += abi_mismatch("enum " #type "." #name, static_cast<long long>(name), v), lines++;
#define ABI_SIZE(type, bytes) bad += abi_mismatch("size " #type, sizeof(type), bytes), lines++;
#define ABI_OFFSET(type, field, bytes)                                                             \
    bad += abi_mismatch("offset " #type "." #field, offsetof(type, field), bytes), lines++;
#define ABI_IID(iface, text)                                                                       \
    static_assert(same_guid(uuidof<iface>(), IID_##iface), "uuidof<" #iface "> is IID_" #iface);   \
    bad += abi_guid_mismatch("IID_" #iface, &IID_##iface, text);                                   \
    bad += abi_mismatch("__uuidof(" #iface ")", same_guid(__uuidof(iface), IID_##iface), 1);       \
    bad += abi_mismatch("__uuidof(" #iface "*)",                                                   \
                        same_guid(__uuidof(static_cast<iface *>(nullptr)), IID_##iface), 1);       \
    {                                                                                              \
        iface *object = nullptr;                                                                   \
        PpvArgs args = capture(IID_PPV_ARGS(&object));                                             \
        bad += abi_mismatch("IID_PPV_ARGS(" #iface "**)", same_guid(args.riid, IID_##iface), 1);   \
        bad += abi_mismatch("IID_PPV_ARGS pointer",                                                \
                            args.ppv == reinterpret_cast<void **>(&object), 1);                    \
    }                                                                                              \
    lines++;
#define ABI_SLOT(iface, method, index)
#define ABI_VTBL(iface, count) lines++;
#define ABI_FIELD(type, field, field_type)                                                         \
    static_assert(std::is_same<decltype(type::field), field_type>::value,                          \
                  #type "." #field " is " #field_type);                                            \
    lines++;

void test_every_fact_of_the_facts_file(void **)
{
    unsigned bad = 0;
    unsigned lines = 0;
#include "abi_facts.inc"
    assert_int_equal(bad, 0);
    assert_int_equal(lines, ABI_FACT_LINES);
}

// Every fact of directml-abi-all.txt (the whole of Microsoft's header at DML_TARGET_VERSION
// 0x6400): sizes and offsets of all 177 operator descs, and each field's declared type, exactly.
void test_every_fact_of_the_whole_header(void **)
{
    unsigned bad = 0;
    unsigned lines = 0;
#include "abi_facts_all.inc"
    assert_int_equal(bad, 0);
    assert_int_equal(lines, ABI_ALL_FACT_LINES);
}

void test_hresults_and_base_types(void **)
{
    unsigned bad = 0;
#define ABI_HRESULT(name, v)                                                                       \
    bad += abi_mismatch(#name, static_cast<uint32_t>(name), v);                                    \
    bad += abi_mismatch("FAILED(" #name ")", FAILED(name), (v) >= 0x80000000u);
#define ABI_TYPE_SIZE(type, bytes) bad += abi_mismatch("sizeof " #type, sizeof(type), bytes);
#include "abi_extra_facts.h"
    assert_int_equal(bad, 0);
    static_assert(std::is_signed<HRESULT>::value, "HRESULT is signed");
    static_assert(std::is_unsigned<BOOL>::value, "BOOL is unsigned as in the WSL stubs");
    static_assert(std::is_same<WCHAR, wchar_t>::value, "WCHAR is wchar_t as in the WSL stubs");
}

void test_iunknown_and_flag_operators(void **)
{
    static_assert(same_guid(__uuidof(IUnknown), GUID{0, 0, 0, {0xc0, 0, 0, 0, 0, 0, 0, 0x46}}),
                  "IUnknown");
    static_assert(std::is_polymorphic<IDMLDevice1>::value && std::is_abstract<IDMLDevice1>::value,
                  "class");
    static_assert(std::is_base_of<IDMLDevice, IDMLDevice1>::value, "IDMLDevice1 : IDMLDevice");
    static_assert(std::is_base_of<IDMLDispatchable, IDMLOperatorInitializer>::value, "initializer");
    static_assert(std::is_base_of<IDMLPageable, IDMLCompiledOperator>::value, "compiled operator");
    static_assert(!std::is_base_of<IDMLObject, IDMLDebugDevice>::value,
                  "IDMLDebugDevice : IUnknown");
    static_assert(sizeof(IDMLDevice1) == sizeof(void *), "an interface is just its vtable pointer");

    auto flags = DML_EXECUTION_FLAG_ALLOW_HALF_PRECISION_COMPUTATION |
                 DML_EXECUTION_FLAG_DESCRIPTORS_VOLATILE;
    static_assert(std::is_same<decltype(flags), DML_EXECUTION_FLAGS>::value,
                  "| keeps the enum type");
    flags &= DML_EXECUTION_FLAG_DESCRIPTORS_VOLATILE;
    assert_int_equal(flags, DML_EXECUTION_FLAG_DESCRIPTORS_VOLATILE);
    auto tensor = DML_TENSOR_FLAG_NONE | DML_TENSOR_FLAG_OWNED_BY_DML;
    static_assert(std::is_same<decltype(tensor), DML_TENSOR_FLAGS>::value, "| keeps the enum type");
    auto device = DML_CREATE_DEVICE_FLAG_NONE | DML_CREATE_DEVICE_FLAG_DEBUG;
    assert_int_equal(device, 1);

    // C++ clients use the constants in constant expressions.
    static_assert(DML_TENSOR_DIMENSION_COUNT_MAX1 == 8, "constant expression");
    UINT sizes[DML_TENSOR_DIMENSION_COUNT_MAX1] = {};
    assert_int_equal(sizeof sizes / sizeof sizes[0], 8);
}
} // namespace

int main()
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_fact_of_the_facts_file),
        cmocka_unit_test(test_every_fact_of_the_whole_header),
        cmocka_unit_test(test_hresults_and_base_types),
        cmocka_unit_test(test_iunknown_and_flag_operators),
    };
    return cmocka_run_group_tests(tests, nullptr, nullptr);
}
