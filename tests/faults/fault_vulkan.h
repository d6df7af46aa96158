/* Faults of the Vulkan device itself, injected between the library and an application's device:
 * the library is given a vkGetInstanceProcAddr (DMLOPS_VULKAN_DEVICE_DESC) whose device functions
 * are wrapped. Either vkAllocateMemory fails with VK_ERROR_OUT_OF_DEVICE_MEMORY, or a queue
 * submission or wait reports VK_ERROR_DEVICE_LOST, and so does every later one (the work itself
 * still runs to completion on the real device, so the validation layer never sees objects freed
 * in use). Every object the library creates through the wrappers is tracked, so that what it
 * leaves behind after releasing everything is counted exactly. */
#ifndef DMLOPS_TEST_FAULT_VULKAN_H
#define DMLOPS_TEST_FAULT_VULKAN_H

#include <dmlops.h>
#include <stdbool.h>

enum fault_vulkan_event
{
    FAULT_VULKAN_DEVICE_MEMORY, /* counted events: vkAllocateMemory */
    FAULT_VULKAN_QUEUE,         /* counted events: vkQueueSubmit, vkWaitForFences, *WaitIdle */
};

/* Creates the application's instance (with the validation layer) and device, once. */
void fault_vulkan_init(enum fault_vulkan_event event);
/* An IDMLDevice on the application's device, through the wrappers. */
HRESULT fault_vulkan_create_device(IDMLDevice **device);
/* Whether a queue event has failed: the simulated device is lost until fault_vulkan_restore. */
bool fault_vulkan_lost(void);
/* The simulated device works again, for the next case (what was submitted ran to completion). */
void fault_vulkan_restore(void);
/* The application's own Vulkan objects (app_vk.h), for work the test records itself. */
struct app_vk *fault_vulkan_app(void);
/* Validation messages (warnings and errors) the application's instance has seen. */
unsigned fault_vulkan_validation_messages(void);

#endif
