/* The Vulkan side of an application that owns its instance, device, queue, buffers and command
 * buffers, and hands them to libdmlops (dmlopsCreateDevice + DMLOPS_VULKAN_DEVICE_DESC). Nothing
 * here calls the library: this is what the application would have written anyway. */
#ifndef DMLOPS_TEST_APP_VK_H
#define DMLOPS_TEST_APP_VK_H

#include <stdbool.h>
#include <stdint.h>

#include <vulkan/vulkan.h>

struct app_vk
{
    VkInstance instance;
    VkDebugUtilsMessengerEXT messenger;
    VkPhysicalDevice physical_device;
    VkPhysicalDeviceProperties props;
    VkPhysicalDeviceMemoryProperties memory;
    VkDevice device;
    uint32_t queue_family;
    VkQueue queue;
    VkCommandPool pool;
    bool float64; /* shaderFloat64 enabled (app_vk_want_float64, where the device has it) */
};

/* A buffer with its own memory; host is the mapping of host-visible buffers, else NULL. */
struct app_buffer
{
    VkBuffer buffer;
    VkDeviceMemory memory;
    VkDeviceSize size;
    void *host;
};

/* Validation messages (VALIDATION type, WARNING or ERROR severity) seen so far on the instance. */
unsigned app_vk_validation_errors(void);

/* Instance with VK_LAYER_KHRONOS_validation and a messenger counting validation messages. Exits 77
 * (skipped) when there is no Vulkan 1.2 driver or no usable device, or when the layer is missing
 * and CI is not "true"; exits 1 when the layer is missing on CI. */
void app_vk_init(struct app_vk *vk);
void app_vk_cleanup(struct app_vk *vk);
/* Makes app_vk_init_device also enable shaderFloat64 where the device has it, beyond what
 * dmlops.h asks for: the library's CAST and ScaleBias kernels declare the Float64 capability
 * (graph_random, which runs them on this device). */
void app_vk_want_float64(void);
/* Second half of app_vk_init: picks the physical device and creates the device, queue and pool. */
void app_vk_init_device(struct app_vk *vk);

/* device_local: STORAGE | SHADER_DEVICE_ADDRESS | TRANSFER usage, memory allocated with
 * VK_MEMORY_ALLOCATE_DEVICE_ADDRESS_BIT; otherwise a host-visible, coherent, mapped staging
 * buffer with TRANSFER usage. Returns false (after printing why) on failure. */
bool app_buffer_create(struct app_vk *vk, VkDeviceSize size, bool device_local,
                       struct app_buffer *out);
void app_buffer_destroy(struct app_vk *vk, struct app_buffer *buffer);

/* A primary command buffer from the application's pool, in the recording state. */
VkCommandBuffer app_begin(struct app_vk *vk);
/* Ends, submits on the application's queue, waits on a fence and frees the command buffer. */
VkResult app_submit_and_wait(struct app_vk *vk, VkCommandBuffer cmd);

/* A global memory barrier from (src_stage, src_access) to (dst_stage, dst_access). */
void app_barrier(VkCommandBuffer cmd, VkPipelineStageFlags src_stage, VkAccessFlags src_access,
                 VkPipelineStageFlags dst_stage, VkAccessFlags dst_access);
/* The two barriers the DirectML contract leaves to the application (RecordDispatch inserts
 * none): shader writes made visible to the next dispatch's reads, and to a transfer. */
void app_barrier_compute_to_compute(VkCommandBuffer cmd);
void app_barrier_compute_to_transfer(VkCommandBuffer cmd);
void app_barrier_transfer_to_compute(VkCommandBuffer cmd);
void app_barrier_transfer_to_host(VkCommandBuffer cmd);

void app_copy(VkCommandBuffer cmd, const struct app_buffer *src, VkDeviceSize src_offset,
              const struct app_buffer *dst, VkDeviceSize dst_offset, VkDeviceSize size);

#endif
