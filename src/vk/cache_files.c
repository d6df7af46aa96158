/* Files the library keeps across processes, one per device, driver and library version, under
 * $XDG_CACHE_HOME/dmlops (else ~/.cache/dmlops); DMLOPS_PIPELINE_CACHE=0 turns them all off.
 * Writers use a file of their own process, then rename it: readers see a whole file or none. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "vk_private.h"

/* The cache directory (created), or false when there is none or caching is off. */
static bool cache_dir(char *dir, size_t size)
{
    const char *off = getenv("DMLOPS_PIPELINE_CACHE"), *xdg = getenv("XDG_CACHE_HOME");
    const char *home = getenv("HOME");
    if (off && !strcmp(off, "0"))
        return false;
    if (xdg && xdg[0] == '/')
        snprintf(dir, size, "%s", xdg);
    else if (home && home[0] == '/')
        snprintf(dir, size, "%s/.cache", home);
    else
        return false;
    if (mkdir(dir, 0700) && errno != EEXIST)
        return false;
    size_t used = strlen(dir);
    snprintf(dir + used, size - used, "/dmlops");
    return !mkdir(dir, 0700) || errno == EEXIST;
}

bool dml_vk_cache_path(const struct dml_vk_device *dev, const char *what, char *path, size_t size)
{
    char dir[4096], uuid[2 * VK_UUID_SIZE + 1];
    if (!cache_dir(dir, sizeof(dir)))
        return false;
    for (unsigned i = 0; i < VK_UUID_SIZE; ++i)
        snprintf(uuid + 2 * i, 3, "%02x", dev->props.pipelineCacheUUID[i]);
    int n = snprintf(path, size, "%s/%s-%04x-%04x-%08x-%s-%s.bin", dir, what, dev->props.vendorID,
                     dev->props.deviceID, dev->props.driverVersion, uuid, DMLOPS_VERSION_STRING);
    return n > 0 && (size_t)n < size;
}

void dml_vk_cache_store(const char *path, const void *header, size_t header_size, const void *data,
                        size_t size)
{
    char temp[4300];
    snprintf(temp, sizeof(temp), "%s.%ld.tmp", path, (long)getpid());
    FILE *f = fopen(temp, "wb");
    if (!f)
        return;
    bool ok = fwrite(header, header_size, 1, f) == 1 && (!size || fwrite(data, 1, size, f) == size);
    ok = !fclose(f) && ok;
    if (!ok || rename(temp, path))
        remove(temp);
}
