/* Fault sources on an application's device (fault_vulkan.h). Built twice: by default
 * vkAllocateMemory fails with VK_ERROR_OUT_OF_DEVICE_MEMORY; with FAULT_SOURCE_LOSS the device is
 * lost: a queue submission or wait (vkQueueSubmit, vkWaitForFences, vkQueueWaitIdle) returns
 * VK_ERROR_DEVICE_LOST, and so does every later one. */
#include "fault_source.h"

#include "fault_vulkan.h"

#ifdef FAULT_SOURCE_LOSS
const char fault_source_event[] = "queue call";
const bool fault_source_loses_device = true;
#define COUNTED FAULT_VULKAN_QUEUE
#else
const char fault_source_event[] = "device-memory allocation";
const bool fault_source_loses_device = false;
#define COUNTED FAULT_VULKAN_DEVICE_MEMORY
#endif
const bool fault_source_in_driver = false;

void fault_source_init(void)
{
    fault_vulkan_init(COUNTED);
}

void fault_source_restore(void)
{
    fault_vulkan_restore();
}

HRESULT fault_source_create_device(IDMLDevice **device)
{
    return fault_vulkan_create_device(device);
}

unsigned fault_source_validation_messages(void)
{
    return fault_vulkan_validation_messages();
}
