/* Fault source: vkAllocateMemory failing with VK_ERROR_OUT_OF_DEVICE_MEMORY, on an application's
 * device (fault_vulkan.h). */
#include "fault_source.h"

#include "fault_vulkan.h"

const char fault_source_event[] = "device-memory allocation";
const bool fault_source_loses_device = false;
const bool fault_source_in_driver = false;

void fault_source_init(void)
{
    fault_vulkan_init(FAULT_VULKAN_DEVICE_MEMORY);
}

HRESULT fault_source_create_device(IDMLDevice **device)
{
    return fault_vulkan_create_device(device);
}

unsigned fault_source_validation_messages(void)
{
    return fault_vulkan_validation_messages();
}
