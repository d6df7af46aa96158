/* Cache files planted by another local user, or damaged (issue 11, defect 4): device creation
 * never blocks (alarm() fails the test instead of hanging), takes well under a second with each
 * bad file (the time is printed), never reads a file it should not trust, never writes through a
 * link or into a directory that another user could write to. The copy-engine times show whether
 * a file was read: the device says where its times came from. */
#define _GNU_SOURCE
#define COBJMACROS
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "device.h"
#include "gpu.h"
#include "vk/vk.h"
#include <cmocka.h>

#define BLOCK_SECONDS 20
/* A bad pipeline file may cost at most this much over a device creation with valid files (the
 * copy-engine file is then valid: nothing is measured); one refused by its size alone costs no
 * reading at all. Relative, so that sanitizer builds hold them too. A bad copy-engine file costs
 * the measurement any missing file costs: only printed. A blocked creation never returns. */
#define EXTRA_SECONDS 0.5
#define REFUSED_EXTRA_SECONDS 0.25
#define NOBODY 65534
#define READ_BACK "read from the cache file"

static char root[] = "/tmp/dmlops-reliability-XXXXXX";
static char engines_name[256], pipelines_name[256];
static const char *current_case = "";
static double valid_seconds = 1e9; /* the fastest device creation with valid files */

static void on_alarm(int sig)
{
    (void)sig;
    (void)!write(2, "device creation blocked: ", 25);
    (void)!write(2, current_case, strlen(current_case));
    (void)!write(2, "\n", 1);
    _exit(1);
}

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + t.tv_nsec * 1e-9;
}

static void path_of(char *out, const char *dir, const char *name)
{
    assert_true(snprintf(out, 4096, "%s/%s/%s", root, dir, name) < 4096);
}

/* root/<name> and root/<name>/dmlops (0700) made; the XDG_CACHE_HOME of a case. */
static void make_case_dir(const char *name, bool with_dmlops)
{
    char path[4096];
    path_of(path, name, "");
    assert_int_equal(mkdir(path, 0700), 0);
    if (with_dmlops)
    {
        path_of(path, name, "dmlops");
        assert_int_equal(mkdir(path, 0700), 0);
    }
}

/* Creates a device with XDG_CACHE_HOME=value, prints and returns the time; *read_back: whether
 * the copy-engine times came from a cache file. The device is then released (which writes the
 * cache files). */
static double create_device_env(const char *label, const char *value, bool *read_back)
{
    IDMLDevice *device = NULL;
    assert_int_equal(setenv("XDG_CACHE_HOME", value, 1), 0);
    current_case = label;
    alarm(BLOCK_SECONDS);
    double start = now();
    HRESULT hr =
        DMLCreateDevice(NULL, DML_CREATE_DEVICE_FLAG_NONE, &IID_IDMLDevice, (void **)&device);
    double seconds = now() - start;
    alarm(0);
    assert_int_equal(hr, S_OK);
    const char *source = dml_vk_device_engines(dml_device_from_iface(device)->vk)->source;
    if (read_back)
        *read_back = strstr(source, READ_BACK) != NULL;
    printf("device creation with %-40s %.3f s (copy-engine times %s)\n", label, seconds, source);
    fflush(stdout);
    IDMLDevice_Release(device);
    return seconds;
}

/* The same with XDG_CACHE_HOME=root/<dir>. */
static double create_device(const char *label, const char *dir, bool *read_back)
{
    char home[4096];
    path_of(home, dir, "");
    return create_device_env(label, home, read_back);
}

static void write_file(const char *path, const void *data, size_t size)
{
    int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
    assert_true(fd >= 0);
    assert_int_equal(write(fd, data, size), (ssize_t)size);
    close(fd);
}

static size_t read_file(const char *path, char *data, size_t size)
{
    int fd = open(path, O_RDONLY);
    assert_true(fd >= 0);
    ssize_t n = read(fd, data, size);
    close(fd);
    assert_true(n >= 0);
    return (size_t)n;
}

static size_t entries(const char *dir)
{
    size_t n = 0;
    DIR *d = opendir(dir);
    assert_non_null(d);
    for (struct dirent *e; (e = readdir(d));)
        n += strcmp(e->d_name, ".") && strcmp(e->d_name, "..");
    closedir(d);
    return n;
}

/* A valid engines file of the seed run, copied to path. */
static void copy_engines(const char *path)
{
    char from[4096], data[512];
    path_of(from, "seed", "dmlops");
    strcat(from, "/");
    strcat(from, engines_name);
    write_file(path, data, read_file(from, data, sizeof(data)));
}

/* A pipeline file of size bytes that passes every check but the checksum: the seed file's
 * headers (ours, then the driver's for this device), then zeros. */
static void write_tagged(const char *path, size_t size)
{
    char seed[4096], *data = calloc(1, size);
    assert_non_null(data);
    path_of(seed, "seed/dmlops", pipelines_name);
    assert_true(read_file(seed, data, 48) == 48);
    write_file(path, data, size);
    free(data);
}

/* root/<dir>/dmlops with a valid engines file: creation then costs no measurement, so that its
 * time is the pipeline file's. */
static void make_pipelines_case(const char *dir)
{
    char path[4096], sub[256];
    make_case_dir(dir, true);
    snprintf(sub, sizeof(sub), "%s/dmlops", dir);
    path_of(path, sub, engines_name);
    copy_engines(path);
}

/* The seed run (every case's set-up): caching works, and names the files of this device. */
static int seed(void **state)
{
    char dir[4096];
    make_case_dir("seed", false);
    create_device("no cache file (measures the copy engines)", "seed", NULL);
    path_of(dir, "seed", "dmlops");
    DIR *d = opendir(dir);
    assert_non_null(d);
    for (struct dirent *e; (e = readdir(d));)
    {
        if (!strncmp(e->d_name, "engines-", 8))
            snprintf(engines_name, sizeof(engines_name), "%s", e->d_name);
        if (!strncmp(e->d_name, "pipelines-", 10))
            snprintf(pipelines_name, sizeof(pipelines_name), "%s", e->d_name);
    }
    closedir(d);
    for (int i = 0; i < 3; ++i)
    {
        double t = create_device("valid cache files", "seed", NULL);
        valid_seconds = t < valid_seconds ? t : valid_seconds;
    }
    return engines_name[0] && pipelines_name[0] ? 0 : -1;
}

static void test_valid_files(void **state)
{
    bool read_back;
    create_device("valid cache files", "seed", &read_back);
    assert_true(read_back);
}

static void test_fifo(void **state)
{
    char path[4096];
    make_pipelines_case("fifo-p");
    path_of(path, "fifo-p/dmlops", pipelines_name);
    assert_int_equal(mkfifo(path, 0600), 0);
    assert_true(create_device("a FIFO as the pipeline file", "fifo-p", NULL) - valid_seconds <
                EXTRA_SECONDS);
    make_case_dir("fifo-e", true);
    path_of(path, "fifo-e/dmlops", engines_name);
    assert_int_equal(mkfifo(path, 0600), 0);
    create_device("a FIFO as the engines file (measures)", "fifo-e", NULL);
}

static void test_symlinks(void **state)
{
    char path[4096], target[4096];
    bool read_back;
    make_pipelines_case("link-p");
    path_of(target, "link-p", "fifo");
    assert_int_equal(mkfifo(target, 0600), 0);
    path_of(path, "link-p/dmlops", pipelines_name);
    assert_int_equal(symlink(target, path), 0);
    assert_true(create_device("a link to a FIFO as the pipeline file", "link-p", NULL) -
                    valid_seconds <
                EXTRA_SECONDS);
    make_case_dir("link-e", true);
    path_of(target, "link-e", "valid-engines");
    copy_engines(target);
    path_of(path, "link-e/dmlops", engines_name);
    assert_int_equal(symlink(target, path), 0);
    create_device("a link to a valid engines file (measures)", "link-e", &read_back);
    assert_false(read_back);
}

static void test_foreign_owner(void **state)
{
    char path[4096];
    bool read_back;
    if (geteuid())
    {
        printf("foreign owner: skipped (only root can give a file to another user)\n");
        return;
    }
    make_pipelines_case("owner-p");
    path_of(path, "owner-p/dmlops", pipelines_name);
    write_tagged(path, 16u << 20);
    assert_int_equal(chown(path, NOBODY, NOBODY), 0);
    assert_true(create_device("a 16 MiB pipeline file of another user", "owner-p", NULL) -
                    valid_seconds <
                EXTRA_SECONDS);
    make_case_dir("owner-e", true);
    path_of(path, "owner-e/dmlops", engines_name);
    copy_engines(path);
    assert_int_equal(chown(path, NOBODY, NOBODY), 0);
    create_device("an engines file of another user (measures)", "owner-e", &read_back);
    assert_false(read_back);
}

static void test_truncated(void **state)
{
    char path[4096];
    make_pipelines_case("short-p");
    path_of(path, "short-p/dmlops", pipelines_name);
    write_file(path, "DMLOPSPC", 8);
    assert_true(create_device("a truncated pipeline file", "short-p", NULL) - valid_seconds <
                EXTRA_SECONDS);
    make_case_dir("short-e", true);
    path_of(path, "short-e/dmlops", engines_name);
    write_file(path, "DMLOPS-ENGINES-3 1.5", 20);
    create_device("a truncated engines file (measures)", "short-e", NULL);
}

struct shrinker
{
    char path[4096];
    size_t size;
    volatile bool stop;
};

static void *shrink(void *arg)
{
    struct shrinker *s = arg;
    int fd = open(s->path, O_WRONLY);
    while (fd >= 0 && !s->stop) /* short for 1 ms of every 2 */
    {
        (void)!ftruncate(fd, 16);
        usleep(1000);
        (void)!ftruncate(fd, (off_t)s->size);
        usleep(1000);
    }
    if (fd >= 0)
        close(fd);
    return NULL;
}

/* A file shrinking and growing while devices are created: a mapping of it would fault. */
static void test_shrinking(void **state)
{
    static struct shrinker s = {.size = 16u << 20};
    pthread_t thread;
    double worst = 0;
    make_pipelines_case("shrink");
    path_of(s.path, "shrink/dmlops", pipelines_name);
    write_tagged(s.path, s.size);
    assert_int_equal(pthread_create(&thread, NULL, shrink, &s), 0);
    for (int i = 0; i < 10; ++i)
    {
        double t = create_device("a 16 MiB file shrinking meanwhile", "shrink", NULL);
        worst = t > worst ? t : worst;
    }
    s.stop = true;
    pthread_join(thread, NULL);
    assert_true(worst - valid_seconds < EXTRA_SECONDS);
}

static void test_oversize(void **state)
{
    char path[4096];
    make_pipelines_case("big");
    path_of(path, "big/dmlops", pipelines_name);
    write_tagged(path, 64u << 20);
    assert_true(create_device("a 64 MiB pipeline file (above the cap)", "big", NULL) -
                    valid_seconds <
                REFUSED_EXTRA_SECONDS);
    make_pipelines_case("cap");
    path_of(path, "cap/dmlops", pipelines_name);
    write_tagged(path, 16u << 20);
    assert_true(create_device("a 16 MiB pipeline file (the cap)", "cap", NULL) - valid_seconds <
                EXTRA_SECONDS);
}

/* Links at the temporary names the library once used (<file>.<pid>.tmp): never written through. */
static void test_planted_temp_links(void **state)
{
    static const char victim_text[] = "not the library's";
    char path[4096], victim[4096], data[64];
    make_case_dir("temp", true);
    path_of(victim, "temp", "victim");
    write_file(victim, victim_text, sizeof(victim_text));
    const char *names[] = {engines_name, pipelines_name};
    for (int i = 0; i < 2; ++i)
    {
        path_of(path, "temp/dmlops", names[i]);
        snprintf(path + strlen(path), 64, ".%ld.tmp", (long)getpid());
        assert_int_equal(symlink(victim, path), 0);
    }
    create_device("links at the old temporary names", "temp", NULL);
    assert_int_equal(read_file(victim, data, sizeof(data)), sizeof(victim_text));
    assert_memory_equal(data, victim_text, sizeof(victim_text));
    path_of(path, "temp/dmlops", engines_name); /* written properly instead */
    assert_true(read_file(path, data, sizeof(data)) > 16);
}

static void test_unsafe_directories(void **state)
{
    char path[4096], target[4096];
    bool read_back;
    make_case_dir("dirlink", false);
    path_of(target, "dirlink", "elsewhere");
    assert_int_equal(mkdir(target, 0700), 0);
    path_of(path, "dirlink", "dmlops");
    assert_int_equal(symlink(target, path), 0);
    create_device("dmlops a link to a directory", "dirlink", NULL);
    assert_int_equal(entries(target), 0);

    make_case_dir("open", true);
    path_of(path, "open", "dmlops");
    assert_int_equal(chmod(path, 0777), 0);
    path_of(path, "open/dmlops", engines_name);
    copy_engines(path);
    create_device("dmlops writable by all (mode 0777)", "open", &read_back);
    assert_false(read_back);
    path_of(path, "open", "dmlops");
    assert_int_equal(entries(path), 1); /* nothing written */

    if (geteuid())
        return (void)printf("directory of another user: skipped (needs root)\n");
    make_case_dir("theirs", true);
    path_of(path, "theirs", "dmlops");
    assert_int_equal(chown(path, NOBODY, NOBODY), 0);
    assert_int_equal(chmod(path, 0777), 0); /* as a local attacker would leave it */
    create_device("dmlops of another user (mode 0777)", "theirs", NULL);
    assert_int_equal(entries(path), 0);
}

static void test_hostile_environment(void **state)
{
    char home[4096], *huge = malloc(8192);
    assert_non_null(huge);
    make_case_dir("home", false);
    path_of(home, "home", "");
    assert_int_equal(setenv("HOME", home, 1), 0);
    assert_int_equal(chdir(root), 0);
    create_device_env("XDG_CACHE_HOME relative", "rel/x", NULL);
    struct stat st;
    assert_int_not_equal(stat("rel", &st), 0); /* never resolved against the working directory */
    path_of(home, "home", ".cache/dmlops");    /* $HOME/.cache instead */
    assert_true(entries(home) >= 1);
    for (int i = 0; i < 8190; i += 2)
        memcpy(huge + i, "/a", 2);
    huge[8190] = 0;
    create_device_env("XDG_CACHE_HOME of 8190 characters", huge, NULL);
    free(huge);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_valid_files),        cmocka_unit_test(test_fifo),
        cmocka_unit_test(test_symlinks),           cmocka_unit_test(test_foreign_owner),
        cmocka_unit_test(test_truncated),          cmocka_unit_test(test_shrinking),
        cmocka_unit_test(test_oversize),           cmocka_unit_test(test_planted_temp_links),
        cmocka_unit_test(test_unsafe_directories), cmocka_unit_test(test_hostile_environment),
    };

    gpu_require_device();
    signal(SIGALRM, on_alarm);
    unsetenv("DMLOPS_PIPELINE_CACHE");
    unsetenv("DMLOPS_COPY_ENGINE");
    if (!mkdtemp(root))
        return 1;
    if (getenv("RELIABILITY_CASE")) /* one case alone, e.g. against an older library */
        cmocka_set_test_filter(getenv("RELIABILITY_CASE"));
    int failed = cmocka_run_group_tests(tests, seed, NULL);
    char command[128];
    snprintf(command, sizeof(command), "rm -rf %s", root);
    (void)!system(command);
    return failed;
}
