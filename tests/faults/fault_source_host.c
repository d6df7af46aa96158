/* Fault source: the library's own host allocations (alloc_wrap.c), on the default device. */
#include "fault_source.h"

const char fault_source_event[] = "host allocation";
const bool fault_source_loses_device = false;
const bool fault_source_in_driver = false;

void fault_source_init(void)
{
}

void fault_source_restore(void)
{
}

unsigned fault_source_validation_messages(void)
{
    return 0;
}

HRESULT fault_source_create_device(IDMLDevice **device)
{
    *device = NULL;
    return DMLCreateDevice(NULL, DML_CREATE_DEVICE_FLAG_NONE, &IID_IDMLDevice, (void **)device);
}
