/* Issue 11 defect 1: a binding table made for an initializer of 1 target, used after the
 * initializer was Reset to 4 targets, bound 4 inputs and outputs into arrays sized for 1 (a heap
 * overflow under ASan). A table now refuses to bind or record until it is Reset itself: the device
 * is removed with E_INVALIDARG (a void method's misuse, D13), and nothing is written out of bounds.
 */
#define COBJMACROS
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "gpu.h"
#include "rp_util.h"

#define TARGETS 4

struct fixture
{
    IDMLDevice *device;
    IDMLCompiledOperator *compiled[TARGETS];
    IDMLOperatorInitializer *init;
    IDMLBindingTable *table;
};

static void setup(struct fixture *f)
{
    f->device = gpu_create_device(0, FALSE);
    for (int t = 0; t < TARGETS; ++t)
        f->compiled[t] = rp_compile_split(f->device, 1 + t, 0);
    assert_int_equal(IDMLDevice_CreateOperatorInitializer(f->device, 1, f->compiled,
                                                          &IID_IDMLOperatorInitializer,
                                                          (void **)&f->init),
                     S_OK);
    f->table = rp_table(f->device, (IDMLDispatchable *)f->init, 0);
    assert_int_equal(IDMLOperatorInitializer_Reset(f->init, TARGETS, f->compiled), S_OK);
}

static void teardown(struct fixture *f)
{
    IDMLBindingTable_Release(f->table);
    IDMLOperatorInitializer_Release(f->init);
    for (int t = 0; t < TARGETS; ++t)
        IDMLCompiledOperator_Release(f->compiled[t]);
    IDMLDevice_Release(f->device);
}

static void bind_all(struct fixture *f)
{
    DML_BINDING_DESC inputs[TARGETS], outputs[TARGETS];

    for (int t = 0; t < TARGETS; ++t)
    {
        inputs[t] = (DML_BINDING_DESC){DML_BINDING_TYPE_NONE, NULL};
        outputs[t] = (DML_BINDING_DESC){DML_BINDING_TYPE_NONE, NULL};
    }
    IDMLBindingTable_BindOutputs(f->table, TARGETS, outputs);
    IDMLBindingTable_BindInputs(f->table, TARGETS, inputs);
}

/* The old table binds nothing: the device is removed, before any byte is written. */
static void test_stale_table_refuses(void **state)
{
    struct fixture f;

    (void)state;
    setup(&f);
    bind_all(&f);
    assert_int_equal(IDMLDevice_GetDeviceRemovedReason(f.device), E_INVALIDARG);
    teardown(&f);
}

/* RecordDispatch through the old table is refused too. */
static void test_stale_table_not_recorded(void **state)
{
    struct fixture f;

    (void)state;
    setup(&f);
    assert_int_equal(dmlopsExecute(f.device, (IDMLDispatchable *)f.init, f.table),
                     DXGI_ERROR_DEVICE_REMOVED);
    assert_int_equal(IDMLDevice_GetDeviceRemovedReason(f.device), E_INVALIDARG);
    teardown(&f);
}

/* Reset, the same table binds the 4 targets and initializes them all. */
static void test_reset_table_binds(void **state)
{
    struct fixture f;

    (void)state;
    setup(&f);
    rp_reset(f.table, (IDMLDispatchable *)f.init, 0);
    bind_all(&f);
    assert_int_equal(IDMLDevice_GetDeviceRemovedReason(f.device), S_OK);
    assert_int_equal(dmlopsExecute(f.device, (IDMLDispatchable *)f.init, f.table), S_OK);
    teardown(&f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_stale_table_refuses),
        cmocka_unit_test(test_stale_table_not_recorded),
        cmocka_unit_test(test_reset_table_binds),
    };

    gpu_require_device();
    return cmocka_run_group_tests(tests, NULL, NULL);
}
