/* The physical devices as `dmlops info` lists them, on the library's own instance (the one its
 * devices use: instances are not made per call). */
#include <stdlib.h>
#include <string.h>

#include "vk_private.h"

HRESULT dml_vk_physical_device_enumerate(uint32_t *count)
{
    struct dml_vk_instance inst;
    VkPhysicalDevice *list = NULL;
    *count = 0;
    HRESULT hr = dml_vk_instance_own(&inst, false);
    if (SUCCEEDED(hr))
        hr = dml_vk_physical_devices(&inst, &list, count);
    free(list);
    return hr == DXGI_ERROR_UNSUPPORTED ? S_OK : hr; /* no Vulkan at all: no devices */
}

uint32_t dml_vk_physical_device_count(void)
{
    uint32_t count = 0;
    dml_vk_physical_device_enumerate(&count);
    return count;
}

static HRESULT describe(const struct dml_vk_instance *inst, VkPhysicalDevice pd,
                        struct dml_vk_physical_device_info *out)
{
    VkPhysicalDeviceDriverProperties driver = {
        .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_DRIVER_PROPERTIES};
    VkPhysicalDeviceProperties2 props = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2};
    /* The driver properties exist from Vulkan 1.2 on; ask for them only there. */
    inst->fns.vkGetPhysicalDeviceProperties2(pd, &props);
    if (props.properties.apiVersion >= VK_API_VERSION_1_2)
    {
        props.pNext = &driver;
        inst->fns.vkGetPhysicalDeviceProperties2(pd, &props);
    }
    memcpy(out->name, props.properties.deviceName, sizeof(out->name));
    memcpy(out->driver_name, driver.driverName, sizeof(out->driver_name));
    memcpy(out->driver_info, driver.driverInfo, sizeof(out->driver_info));
    out->type = props.properties.deviceType;
    out->vendor_id = props.properties.vendorID;
    out->device_id = props.properties.deviceID;
    out->api_version = props.properties.apiVersion;
    out->driver_version = props.properties.driverVersion;
    HRESULT hr = dml_vk_requirements_check(inst, pd, &out->missing);
    out->meets_requirements = !out->missing;
    return hr;
}

HRESULT dml_vk_physical_device_info(uint32_t index, struct dml_vk_physical_device_info *out)
{
    memset(out, 0, sizeof(*out));
    struct dml_vk_instance inst;
    VkPhysicalDevice *list = NULL;
    uint32_t count = 0;
    int selected = -1;
    HRESULT hr = dml_vk_instance_own(&inst, false);
    if (SUCCEEDED(hr))
        hr = dml_vk_physical_devices(&inst, &list, &count);
    if (SUCCEEDED(hr) && index >= count)
        hr = E_INVALIDARG;
    if (SUCCEEDED(hr))
        hr = describe(&inst, list[index], out);
    if (SUCCEEDED(hr))
        hr = dml_vk_select_physical_device(&inst, list, count, &selected);
    out->is_default = selected == (int)index;
    free(list);
    if (FAILED(hr))
        memset(out, 0, sizeof(*out));
    return hr;
}
