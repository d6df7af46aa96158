/* Fault source: Vulkan's host allocations for the library's own device, made through
 * VkAllocationCallbacks given in DMLOPS_VULKAN_ALLOCATOR_DESC. Every allocation the driver (and
 * the validation layer) makes through them is counted, may fail (NULL, as the Vulkan spec allows),
 * and is tracked, so that a device that was released must have freed all of them. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alloc_fault.h"
#include "fault_source.h"

const char fault_source_event[] = "Vulkan host allocation";
const bool fault_source_loses_device = false;
const bool fault_source_in_driver = true;

static void *allocate(const void *site, size_t size, size_t alignment)
{
    uint64_t serial;
    void *ptr = NULL;

    if (alloc_fault_next(site, &serial))
        return NULL;
    if (posix_memalign(&ptr, alignment < sizeof(void *) ? sizeof(void *) : alignment, size))
        return NULL;
    alloc_fault_track(ptr, size, site, serial);
    return ptr;
}

/* A pointer these callbacks never returned (lavapipe frees a stack address on one of its failure
 * paths) is the driver's bug: said and ignored, the same with or without AddressSanitizer. */
static void release(void *ptr)
{
    if (!ptr)
        return;
    if (!alloc_fault_is_live(ptr))
    {
        fprintf(stderr, "the driver freed %p, which the allocation callbacks never returned "
                        "(ignored)\n", ptr);
        return;
    }
    alloc_fault_untrack(ptr);
    free(ptr);
}

static VKAPI_ATTR void *VKAPI_CALL on_allocation(void *user, size_t size, size_t alignment,
                                                  VkSystemAllocationScope scope)
{
    return allocate(__builtin_return_address(0), size, alignment);
}

/* As the spec asks: NULL original -> allocation; size 0 -> free; failure leaves the original. */
static VKAPI_ATTR void *VKAPI_CALL on_reallocation(void *user, void *original, size_t size,
                                                    size_t alignment,
                                                    VkSystemAllocationScope scope)
{
    const void *site = __builtin_return_address(0);
    size_t old_size;
    void *bigger;

    if (!size)
        return release(original), NULL;
    if (!(bigger = allocate(site, size, alignment)) || !original)
        return bigger;
    old_size = alloc_fault_size_of(original);
    memcpy(bigger, original, old_size < size ? old_size : size);
    release(original);
    return bigger;
}

static VKAPI_ATTR void VKAPI_CALL on_free(void *user, void *ptr)
{
    release(ptr);
}

static const VkAllocationCallbacks callbacks = {
    .pfnAllocation = on_allocation,
    .pfnReallocation = on_reallocation,
    .pfnFree = on_free,
};

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
    DMLOPS_VULKAN_ALLOCATOR_DESC allocator = {
        .sType = DMLOPS_STRUCTURE_TYPE_VULKAN_ALLOCATOR_DESC,
        .pAllocator = &callbacks,
    };
    DMLOPS_DEVICE_DESC desc = {
        .sType = DMLOPS_STRUCTURE_TYPE_DEVICE_DESC,
        .pNext = &allocator,
    };

    return dmlopsCreateDevice(&desc, &IID_IDMLDevice, (void **)device);
}
