// Calls every method of every interface through the C++ classes of include/DirectML.h on objects
// whose vtables are filled in C (abi_c_objects.c), as a C++ client calls libdmlops. Each call
// must land in the C function of the same name, at the slot that directml-abi.txt gives, with
// `this` and every argument intact and the return value (a struct for GetBindingProperties) back.
#include <DirectML.h>

#include "abi_c_objects.h"

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <initializer_list>
#include <map>
#include <set>
#include <string>

#include <setjmp.h>
#include <stdarg.h>

extern "C" // cmocka.h declares its functions without C linkage
{
#include <cmocka.h>
}

namespace
{
// The slot of every "Interface::Method" in the facts file.
const std::map<std::string, unsigned> &fact_slots()
{
    static const std::map<std::string, unsigned> slots = {
#define ABI_CONST(name, v)
#define ABI_ENUM(type, name, v)
#define ABI_SIZE(type, bytes)
#define ABI_OFFSET(type, field, bytes)
#define ABI_IID(iface, text)
#define ABI_VTBL(iface, count)
#define ABI_SLOT(iface, method, index) {#iface "::" #method, index},
#include "abi_facts.inc"
    };
    return slots;
}

std::set<std::string> covered;
unsigned bad;

template <typename T> uintptr_t arg(T value)
{
    return (uintptr_t)value;
}

bool same_call(const AbiCall &call, const void *self, std::initializer_list<uintptr_t> args)
{
    if (call.self != self || call.argc != args.size())
    {
        return false;
    }
    unsigned i = 0;
    for (uintptr_t a : args)
    {
        if (call.args[i++] != a)
        {
            return false;
        }
    }
    return true;
}

// Checks the call just made through `self` as iface::method and clears the record.
void expect(const char *iface, const char *method, const void *self,
            std::initializer_list<uintptr_t> args)
{
    const AbiCall &call = *abi_last_call();
    const std::string key = std::string(iface) + "::" + method;
    auto fact = fact_slots().find(key);
    if (call.method == nullptr || std::strcmp(call.method, method) != 0)
    {
        std::fprintf(stderr, "%s landed in %s\n", key.c_str(),
                     call.method ? call.method : "nothing");
        bad++;
    }
    else if (fact == fact_slots().end() || fact->second != call.slot)
    {
        std::fprintf(stderr, "%s: C slot %u is not the slot of the facts file\n", key.c_str(),
                     call.slot);
        bad++;
    }
    else if (!same_call(call, self, args))
    {
        std::fprintf(stderr, "%s: this or an argument arrived changed\n", key.c_str());
        bad++;
    }
    else
    {
        covered.insert(key);
    }
    abi_forget_call();
}

void expect_result(const char *method, long long got)
{
    if (got != abi_result_of(method))
    {
        std::fprintf(stderr, "%s returned %lld, not %d\n", method, got, (int)abi_result_of(method));
        bad++;
    }
}

// Argument values that the callee must see unchanged.
GUID guid = IID_IDMLOperator;
UINT size = 12;
char buffer[16];
void *out;
const DML_OPERATOR_DESC operator_desc = {};
const DML_GRAPH_DESC graph_desc = {};
const DML_BINDING_TABLE_DESC table_desc = {};
const DML_BINDING_DESC bindings[3] = {};
IDMLCompiledOperator *const compiled[2] = {};
IDMLPageable *const pageables[3] = {};

template <class I> void call_unknown(I *o, const char *iface)
{
    expect_result("QueryInterface", o->QueryInterface(IID_IDMLDevice, &out));
    expect(iface, "QueryInterface", o, {arg(&IID_IDMLDevice), arg(&out)});
    expect_result("AddRef", o->AddRef());
    expect(iface, "AddRef", o, {});
    expect_result("Release", o->Release());
    expect(iface, "Release", o, {});
}

template <class I> void call_object(I *o, const char *iface)
{
    call_unknown(o, iface);
    expect_result("GetPrivateData", o->GetPrivateData(guid, &size, buffer));
    expect(iface, "GetPrivateData", o, {arg(&guid), arg(&size), arg(buffer)});
    expect_result("SetPrivateData", o->SetPrivateData(guid, 5, buffer));
    expect(iface, "SetPrivateData", o, {arg(&guid), 5, arg(buffer)});
    expect_result("SetPrivateDataInterface", o->SetPrivateDataInterface(guid, o));
    expect(iface, "SetPrivateDataInterface", o, {arg(&guid), arg(static_cast<IUnknown *>(o))});
    const wchar_t *name = L"abi";
    expect_result("SetName", o->SetName(name));
    expect(iface, "SetName", o, {arg(name)});
}

template <class I> void call_device(I *o, const char *iface)
{
    call_object(o, iface);
    expect_result("CheckFeatureSupport",
                  o->CheckFeatureSupport(DML_FEATURE_FEATURE_LEVELS, 16, buffer, 4, &size));
    expect(iface, "CheckFeatureSupport", o, {1, 16, arg(buffer), 4, arg(&size)});
    expect_result("CreateOperator", o->CreateOperator(&operator_desc, IID_IDMLOperator, &out));
    expect(iface, "CreateOperator", o, {arg(&operator_desc), arg(&IID_IDMLOperator), arg(&out)});
    auto *op = reinterpret_cast<IDMLOperator *>(abi_c_binding_table());
    expect_result("CompileOperator", o->CompileOperator(op, DML_EXECUTION_FLAG_DESCRIPTORS_VOLATILE,
                                                        IID_IDMLCompiledOperator, &out));
    expect(iface, "CompileOperator", o, {arg(op), 4, arg(&IID_IDMLCompiledOperator), arg(&out)});
    expect_result("CreateOperatorInitializer",
                  o->CreateOperatorInitializer(2, compiled, IID_IDMLOperatorInitializer, &out));
    expect(iface, "CreateOperatorInitializer", o,
           {2, arg(compiled), arg(&IID_IDMLOperatorInitializer), arg(&out)});
    expect_result("CreateCommandRecorder", o->CreateCommandRecorder(IID_IDMLCommandRecorder, &out));
    expect(iface, "CreateCommandRecorder", o, {arg(&IID_IDMLCommandRecorder), arg(&out)});
    expect_result("CreateBindingTable",
                  o->CreateBindingTable(&table_desc, IID_IDMLBindingTable, &out));
    expect(iface, "CreateBindingTable", o,
           {arg(&table_desc), arg(&IID_IDMLBindingTable), arg(&out)});
    expect_result("Evict", o->Evict(3, pageables));
    expect(iface, "Evict", o, {3, arg(pageables)});
    expect_result("MakeResident", o->MakeResident(3, pageables));
    expect(iface, "MakeResident", o, {3, arg(pageables)});
    expect_result("GetDeviceRemovedReason", o->GetDeviceRemovedReason());
    expect(iface, "GetDeviceRemovedReason", o, {});
    expect_result("GetParentDevice", o->GetParentDevice(IID_IDMLDevice, &out));
    expect(iface, "GetParentDevice", o, {arg(&IID_IDMLDevice), arg(&out)});
}

template <class I> void call_child(I *o, const char *iface)
{
    call_object(o, iface);
    expect_result("GetDevice", o->GetDevice(IID_IDMLDevice1, &out));
    expect(iface, "GetDevice", o, {arg(&IID_IDMLDevice1), arg(&out)});
}

template <class I> void call_dispatchable(I *o, const char *iface)
{
    call_child(o, iface);
    DML_BINDING_PROPERTIES got = o->GetBindingProperties();
    DML_BINDING_PROPERTIES want = abi_binding_properties();
    expect(iface, "GetBindingProperties", o, {});
    if (got.RequiredDescriptorCount != want.RequiredDescriptorCount ||
        got.TemporaryResourceSize != want.TemporaryResourceSize ||
        got.PersistentResourceSize != want.PersistentResourceSize)
    {
        std::fprintf(stderr, "%s::GetBindingProperties returned a different struct\n", iface);
        bad++;
    }
}

void test_every_method_lands_in_its_slot(void **)
{
    IDMLDevice1 *device = abi_c_device();
    auto *initializer = abi_c_initializer();
    IDMLBindingTable *table = abi_c_binding_table();
    IDMLCommandRecorder *recorder = abi_c_command_recorder();
    IDMLDebugDevice *debug = abi_c_debug_device();
    assert_int_equal(abi_c_empty_slots(), 0);
    abi_forget_call();

    call_object(static_cast<IDMLObject *>(device), "IDMLObject");
    call_device(static_cast<IDMLDevice *>(device), "IDMLDevice");
    call_device(device, "IDMLDevice1");
    expect_result("CompileGraph", device->CompileGraph(&graph_desc, DML_EXECUTION_FLAG_NONE,
                                                       IID_IDMLCompiledOperator, &out));
    expect("IDMLDevice1", "CompileGraph", device,
           {arg(&graph_desc), 0, arg(&IID_IDMLCompiledOperator), arg(&out)});

    call_child(static_cast<IDMLDeviceChild *>(table), "IDMLDeviceChild");
    call_child(reinterpret_cast<IDMLOperator *>(table), "IDMLOperator");
    call_child(static_cast<IDMLPageable *>(initializer), "IDMLPageable");
    call_dispatchable(static_cast<IDMLDispatchable *>(initializer), "IDMLDispatchable");
    call_dispatchable(reinterpret_cast<IDMLCompiledOperator *>(initializer),
                      "IDMLCompiledOperator");
    call_dispatchable(initializer, "IDMLOperatorInitializer");
    expect_result("Reset", initializer->Reset(2, compiled));
    expect("IDMLOperatorInitializer", "Reset", initializer, {2, arg(compiled)});

    call_child(table, "IDMLBindingTable");
    table->BindInputs(2, bindings);
    expect("IDMLBindingTable", "BindInputs", table, {2, arg(bindings)});
    table->BindOutputs(3, bindings);
    expect("IDMLBindingTable", "BindOutputs", table, {3, arg(bindings)});
    table->BindTemporaryResource(&bindings[1]);
    expect("IDMLBindingTable", "BindTemporaryResource", table, {arg(&bindings[1])});
    table->BindPersistentResource(&bindings[2]);
    expect("IDMLBindingTable", "BindPersistentResource", table, {arg(&bindings[2])});
    expect_result("Reset", table->Reset(&table_desc));
    expect("IDMLBindingTable", "Reset", table, {arg(&table_desc)});

    call_child(recorder, "IDMLCommandRecorder");
    auto *list = reinterpret_cast<ID3D12CommandList *>(buffer);
    recorder->RecordDispatch(list, initializer, table);
    expect("IDMLCommandRecorder", "RecordDispatch", recorder,
           {arg(list), arg(static_cast<IDMLDispatchable *>(initializer)), arg(table)});

    call_unknown(debug, "IDMLDebugDevice");
    debug->SetMuteDebugOutput(TRUE);
    expect("IDMLDebugDevice", "SetMuteDebugOutput", debug, {1});

    assert_int_equal(bad, 0);
    for (const auto &fact : fact_slots())
    {
        if (covered.count(fact.first) == 0)
        {
            std::fprintf(stderr, "not called: %s\n", fact.first.c_str());
        }
    }
    assert_int_equal(covered.size(), fact_slots().size());
}
} // namespace

int main()
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_method_lands_in_its_slot),
    };
    return cmocka_run_group_tests(tests, nullptr, nullptr);
}
