/* A program built only from an installed libdmlops. It checks that the installed headers match the
 * library that is loaded, that DirectML's entry point answers through them, and that the library
 * loaded is the one in the directory given on the command line (not the build tree's). */
#define _GNU_SOURCE
#include <DirectML.h>
#include <dmlops.h>

#include <limits.h>
#include <link.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Above every feature level DirectML defines (6.4 is 0x6400). */
#define FEATURE_LEVEL_TOO_HIGH ((DML_FEATURE_LEVEL)0x7000)

static int failures;

static void check(int ok, const char *what)
{
    printf("%s: %s\n", ok ? "ok" : "FAIL", what);
    failures += !ok;
}

static int find_dmlops(struct dl_phdr_info *info, size_t size, void *data)
{
    (void)size;
    if (strstr(info->dlpi_name, "/libdmlops.so") == NULL)
    {
        return 0;
    }
    *(const char **)data = info->dlpi_name;
    return 1;
}

static void check_loaded_from(const char *expected_dir)
{
    const char *loaded = NULL;
    char loaded_real[PATH_MAX], expected_real[PATH_MAX];
    dl_iterate_phdr(find_dmlops, &loaded);
    check(loaded != NULL && realpath(loaded, loaded_real) != NULL &&
              realpath(expected_dir, expected_real) != NULL &&
              strncmp(loaded_real, expected_real, strlen(expected_real)) == 0 &&
              loaded_real[strlen(expected_real)] == '/',
          "libdmlops.so is loaded from the installed tree");
    printf("    loaded %s, expected under %s\n", loaded ? loaded : "(none)", expected_dir);
}

static void check_version(void)
{
    char expected[32];
    snprintf(expected, sizeof(expected), "%d.%d.%d", DMLOPS_VERSION_MAJOR, DMLOPS_VERSION_MINOR,
             DMLOPS_VERSION_PATCH);
    check(dmlopsGetVersion() == DMLOPS_VERSION, "dmlopsGetVersion() equals DMLOPS_VERSION");
    check(strcmp(dmlopsGetVersionString(), expected) == 0,
          "dmlopsGetVersionString() equals the header's version");
}

static void check_create_device(void)
{
    IDMLDevice *device = NULL;
    HRESULT hr = DMLCreateDevice1(NULL, DML_CREATE_DEVICE_FLAG_NONE, FEATURE_LEVEL_TOO_HIGH,
                                  &IID_IDMLDevice, (void **)&device);
    check(hr == DXGI_ERROR_UNSUPPORTED && device == NULL,
          "DMLCreateDevice1 above the highest feature level is DXGI_ERROR_UNSUPPORTED");
}

int main(int argc, char **argv)
{
    if (argc != 2)
    {
        fprintf(stderr, "usage: %s INSTALLED_LIBDIR\n", argv[0]);
        return 2;
    }
    check_loaded_from(argv[1]);
    check_version();
    check_create_device();
    return failures == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
