/* The physical devices as `dmlops info` lists them, each call on a short-lived instance. */
#include <stdlib.h>
#include <string.h>

#include "vk_private.h"

uint32_t dml_vk_physical_device_count(void)
{
    struct dml_vk_instance inst;
    if (FAILED(dml_vk_instance_create(&inst, false)))
        return 0;
    uint32_t count = 0;
    free(dml_vk_physical_devices(&inst, &count));
    dml_vk_instance_destroy(&inst);
    return count;
}

static void describe(const struct dml_vk_instance *inst, VkPhysicalDevice pd,
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
    out->missing = dml_vk_requirements_missing(inst, pd);
    out->meets_requirements = !out->missing;
}

HRESULT dml_vk_physical_device_info(uint32_t index, struct dml_vk_physical_device_info *out)
{
    memset(out, 0, sizeof(*out));
    struct dml_vk_instance inst;
    HRESULT hr = dml_vk_instance_create(&inst, false);
    if (FAILED(hr))
        return hr;
    uint32_t count = 0;
    VkPhysicalDevice *list = dml_vk_physical_devices(&inst, &count);
    hr = index < count ? S_OK : E_INVALIDARG;
    if (SUCCEEDED(hr))
    {
        describe(&inst, list[index], out);
        out->is_default = dml_vk_select_physical_device(&inst, list, count) == (int)index;
    }
    free(list);
    dml_vk_instance_destroy(&inst);
    return hr;
}
