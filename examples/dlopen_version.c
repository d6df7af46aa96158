/* Loading libdmlops at run time, as inference runtimes load DirectML's library: dlopen by SONAME,
 * DMLCreateDevice1 found by name, and a device asked for feature level 5.0 (PADDING1 and WRAP).
 * Needs only the headers at build time and libdmlops.so.0 where the loader looks at run time. */
#define COBJMACROS
#include <DirectML.h>
#include <dmlops.h>

#include <dlfcn.h>
#include <stdio.h>

typedef HRESULT (*create_device1_fn)(ID3D12Device *, DML_CREATE_DEVICE_FLAGS, DML_FEATURE_LEVEL,
                                     REFIID, void **);
typedef const char *(*version_fn)(void);

int main(void)
{
    void *lib = dlopen("libdmlops.so.0", RTLD_NOW | RTLD_LOCAL);
    create_device1_fn create;
    version_fn version;
    IDMLDevice *device = NULL;

    if (!lib)
        return fprintf(stderr, "dlopen: %s\n", dlerror()), 1;
    *(void **)&create = dlsym(lib, "DMLCreateDevice1");
    *(void **)&version = dlsym(lib, "dmlopsGetVersionString");
    if (!create || !version)
        return fprintf(stderr, "libdmlops.so.0 lacks DMLCreateDevice1\n"), 1;
    printf("libdmlops %s loaded; built against %d.%d.%d\n", version(), DMLOPS_VERSION_MAJOR,
           DMLOPS_VERSION_MINOR, DMLOPS_VERSION_PATCH);
    HRESULT hr = create(NULL, DML_CREATE_DEVICE_FLAG_NONE, DML_FEATURE_LEVEL_5_0, &IID_IDMLDevice,
                        (void **)&device);
    if (hr == DXGI_ERROR_UNSUPPORTED)
        return fprintf(stderr, "no Vulkan device\n"), 77;
    if (FAILED(hr))
        return fprintf(stderr, "DMLCreateDevice1: 0x%08X\n", (unsigned)hr), 1;
    DML_FEATURE_QUERY_FEATURE_LEVELS query = {1, (DML_FEATURE_LEVEL[]){DML_FEATURE_LEVEL_6_4}};
    DML_FEATURE_DATA_FEATURE_LEVELS data = {0};
    hr = IDMLDevice_CheckFeatureSupport(device, DML_FEATURE_FEATURE_LEVELS, sizeof(query), &query,
                                        sizeof(data), &data);
    printf("feature level 6.4: %s\n", SUCCEEDED(hr) ? "supported" : "not supported");
    IDMLDevice_Release(device);
    dlclose(lib);
    return SUCCEEDED(hr) && data.MaxSupportedFeatureLevel == DML_FEATURE_LEVEL_6_4 ? 0 : 1;
}
