/* Fault source: a lost device. A queue submission or wait (vkQueueSubmit, vkWaitForFences,
 * vkQueueWaitIdle) returns VK_ERROR_DEVICE_LOST, and so does every later one, on an
 * application's device (fault_vulkan.h). */
#include "fault_source.h"

#include "fault_vulkan.h"

const char fault_source_event[] = "queue call";
const bool fault_source_loses_device = true;
const bool fault_source_in_driver = false;

void fault_source_init(void)
{
    fault_vulkan_init(FAULT_VULKAN_QUEUE);
}

HRESULT fault_source_create_device(IDMLDevice **device)
{
    return fault_vulkan_create_device(device);
}

unsigned fault_source_validation_messages(void)
{
    return fault_vulkan_validation_messages();
}
