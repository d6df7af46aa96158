#include "gpu.h"

#include <stdio.h>
#include <stdlib.h>

void gpu_require_device(void)
{
    DMLOPS_ADAPTER_INFO info[16];
    UINT count = 16;

    if (FAILED(dmlopsEnumerateAdapters(&count, info)))
        count = 0;
    for (UINT i = 0; i < count; ++i)
    {
        if (info[i].isSupported)
            return;
    }
    fprintf(stderr, "no Vulkan device can run libdmlops: test skipped\n");
    exit(TEST_EXIT_SKIP);
}

IDMLDevice *gpu_create_device(DML_FEATURE_LEVEL max_level, BOOL debug)
{
    DMLOPS_DEVICE_DESC desc = {DMLOPS_STRUCTURE_TYPE_DEVICE_DESC, NULL,
                               debug ? DML_CREATE_DEVICE_FLAG_DEBUG : DML_CREATE_DEVICE_FLAG_NONE,
                               DML_FEATURE_LEVEL_1_0, max_level};
    IDMLDevice *device = NULL;
    HRESULT hr;

    gpu_require_device();
    if (FAILED(hr = dmlopsCreateDevice(&desc, &IID_IDMLDevice, (void **)&device)))
    {
        fprintf(stderr, "dmlopsCreateDevice failed: 0x%08X\n", (unsigned)hr);
        exit(1);
    }
    return device;
}
