/* Files the library keeps across processes, one per device, driver and library version, under
 * $XDG_CACHE_HOME/dmlops (else ~/.cache/dmlops); DMLOPS_PIPELINE_CACHE=0 turns them all off.
 *
 * The directory, its files and the environment are untrusted: another local user may have
 * planted a link, a FIFO or a huge file there, or the file may shrink while it is read. So
 * (as Mesa's disk cache checks that its directory is one, and further) the dmlops directory is
 * created 0700 and used only when it is a real directory of this user that no one else may write
 * to; it is then reached through a descriptor, never by name again. Files are opened without
 * following links or blocking, read only when they are regular files of this user below the
 * caller's cap, and read into memory (a mapping would fault if the file shrank). Writers create
 * an exclusive temporary file of their own (a planted name is skipped, never written through) and
 * rename it over the file: readers see a whole file or none. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "vk_private.h"

#define TEMP_TRIES 16

/* The base directory from the environment ($XDG_CACHE_HOME, else $HOME/.cache), or false: unset,
 * empty, relative (the XDG spec says to ignore those) or too long for a path. */
static bool base_dir(char *dir, size_t size)
{
    const char *off = getenv("DMLOPS_PIPELINE_CACHE"), *xdg = getenv("XDG_CACHE_HOME");
    const char *home = getenv("HOME");
    int n;
    if (off && !strcmp(off, "0"))
        return false;
    if (xdg && xdg[0] == '/')
        n = snprintf(dir, size, "%s", xdg);
    else if (home && home[0] == '/')
        n = snprintf(dir, size, "%s/.cache", home);
    else
        return false;
    return n > 0 && (size_t)n < size;
}

/* Whether the directory open at fd may hold the cache: this user's, written by no one else. */
static bool private_dir(int fd)
{
    struct stat st;
    return !fstat(fd, &st) && S_ISDIR(st.st_mode) && st.st_uid == geteuid() &&
           !(st.st_mode & (S_IWGRP | S_IWOTH));
}

/* A descriptor of the dmlops directory (created 0700 where missing), or -1 when there is none
 * fit for use. The base directory may be a link (a user's ~/.cache often is); dmlops may not. */
static int cache_dir_open(void)
{
    char base[PATH_MAX];
    if (!base_dir(base, sizeof(base)))
        return -1;
    if (mkdir(base, 0700) && errno != EEXIST)
        return -1;
    int parent = open(base, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (parent < 0)
        return -1;
    if (mkdirat(parent, "dmlops", 0700) && errno != EEXIST)
    {
        close(parent);
        return -1;
    }
    int dir = openat(parent, "dmlops", O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    close(parent);
    if (dir >= 0 && !private_dir(dir))
    {
        close(dir);
        dir = -1;
    }
    return dir;
}

/* The file's name for this device, driver and library version. */
static bool file_name(const struct dml_vk_device *dev, const char *what, char *name, size_t size)
{
    char uuid[2 * VK_UUID_SIZE + 1];
    for (unsigned i = 0; i < VK_UUID_SIZE; ++i)
        snprintf(uuid + 2 * i, 3, "%02x", dev->props.pipelineCacheUUID[i]);
    int n = snprintf(name, size, "%s-%04x-%04x-%08x-%s-%s.bin", what, dev->props.vendorID,
                     dev->props.deviceID, dev->props.driverVersion, uuid, DMLOPS_VERSION_STRING);
    return n > 0 && (size_t)n < size;
}

/* Reads exactly size bytes; false on an error or a file that ended sooner. */
static bool read_all(int fd, unsigned char *data, size_t size)
{
    for (size_t done = 0; done < size;)
    {
        ssize_t n = read(fd, data + done, size - done);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return false;
        done += (size_t)n;
    }
    return true;
}

static bool write_all(int fd, const void *data, size_t size)
{
    for (size_t done = 0; done < size;)
    {
        ssize_t n = write(fd, (const char *)data + done, size - done);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return false;
        done += (size_t)n;
    }
    return true;
}

/* The contents of fd (malloc'ed, one NUL byte past the end for text readers): S_FALSE, with none,
 * unless it is a regular file of this user of 1 to max bytes read whole. */
static HRESULT read_file(int fd, size_t max, void **out, size_t *size)
{
    struct stat st;
    if (fstat(fd, &st) || !S_ISREG(st.st_mode) || st.st_uid != geteuid() || st.st_size <= 0 ||
        (uint64_t)st.st_size > max)
        return S_FALSE;
    unsigned char *data = malloc((size_t)st.st_size + 1);
    if (!data)
        return E_OUTOFMEMORY;
    if (!read_all(fd, data, (size_t)st.st_size))
        return free(data), S_FALSE;
    data[st.st_size] = 0;
    *out = data;
    *size = (size_t)st.st_size;
    return S_OK;
}

HRESULT dml_vk_cache_read(const struct dml_vk_device *dev, const char *what, size_t max,
                          void **data, size_t *size)
{
    char name[NAME_MAX + 1];
    HRESULT hr = S_FALSE;
    *data = NULL;
    *size = 0;
    if (!file_name(dev, what, name, sizeof(name)))
        return S_FALSE;
    int dir = cache_dir_open();
    if (dir < 0)
        return S_FALSE;
    int fd = openat(dir, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
    close(dir);
    if (fd >= 0)
    {
        hr = read_file(fd, max, data, size);
        close(fd);
    }
    return hr;
}

/* An exclusive new file named "<name>.<unique>.tmp" in dir, mode 0600; -1 when none could be
 * made. O_EXCL never opens what exists, links included, so a planted name is only skipped. */
static int temp_create(int dir, const char *name, char *temp, size_t size)
{
    static atomic_uint counter;
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    for (int tries = 0; tries < TEMP_TRIES; ++tries)
    {
        unsigned unique = (unsigned)now.tv_nsec ^ ((unsigned)getpid() << 12) ^
                          (atomic_fetch_add(&counter, 1) * 0x9e3779b9u);
        int n = snprintf(temp, size, "%s.%08x.tmp", name, unique);
        if (n <= 0 || (size_t)n >= size)
            return -1;
        int fd = openat(dir, temp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
        if (fd >= 0 || errno != EEXIST)
            return fd;
    }
    return -1;
}

void dml_vk_cache_write(const struct dml_vk_device *dev, const char *what, const void *header,
                        size_t header_size, const void *data, size_t size)
{
    char name[NAME_MAX + 1], temp[NAME_MAX + 1];
    if (!file_name(dev, what, name, sizeof(name)))
        return;
    int dir = cache_dir_open();
    if (dir < 0)
        return;
    int fd = temp_create(dir, name, temp, sizeof(temp));
    if (fd >= 0)
    {
        bool ok = write_all(fd, header, header_size) && (!size || write_all(fd, data, size));
        ok = !close(fd) && ok;
        if (!ok || renameat(dir, temp, dir, name))
            unlinkat(dir, temp, 0);
    }
    close(dir);
}
