/* Replays every file of the fuzz corpus (or of the files and directories named on the command
 * line) through the fuzz harness, one cmocka test per file: a file that makes the library
 * misbehave fails its test; one that crashes it or raises a Vulkan validation message aborts. */
#define _DEFAULT_SOURCE /* scandir, strdup, setenv, PATH_MAX */
#include <dirent.h>
#include <limits.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <cmocka.h>

#include "fuzz_harness.h"
#include "fuzz_op.h"
#include "gpu.h"

/* The committed corpus holds at least this many files; fewer means it was lost. */
#define MIN_CORPUS_FILES 20
/* ... of which at least this many execute (the documentation's examples alone are 8). */
#define MIN_EXECUTED 8

struct corpus
{
    char **paths;
    size_t count, capacity;
};

static struct corpus corpus;

static void add_path(const char *path)
{
    if (corpus.count == corpus.capacity)
    {
        corpus.capacity = corpus.capacity ? 2 * corpus.capacity : 64;
        corpus.paths = realloc(corpus.paths, corpus.capacity * sizeof(*corpus.paths));
        if (!corpus.paths)
            abort();
    }
    corpus.paths[corpus.count++] = strdup(path);
}

/* A file, or every regular file of a directory in name order. */
static void collect(const char *path)
{
    struct dirent **entries;
    char child[PATH_MAX];
    struct stat info;
    int n;

    if (stat(path, &info) || !S_ISDIR(info.st_mode))
        return add_path(path);
    if ((n = scandir(path, &entries, NULL, alphasort)) < 0)
        return;
    for (int i = 0; i < n; ++i)
    {
        snprintf(child, sizeof(child), "%s/%s", path, entries[i]->d_name);
        if (entries[i]->d_name[0] != '.' && !stat(child, &info) && S_ISREG(info.st_mode))
            add_path(child);
        free(entries[i]);
    }
    free(entries);
}

static uint8_t *read_file(const char *path, size_t *size)
{
    FILE *file = fopen(path, "rb");
    uint8_t *data = NULL;
    long length;

    if (file && !fseek(file, 0, SEEK_END) && (length = ftell(file)) >= 0 &&
        !fseek(file, 0, SEEK_SET) && (data = malloc((size_t)length + 1)) &&
        fread(data, 1, (size_t)length, file) == (size_t)length)
        *size = (size_t)length;
    else
    {
        free(data);
        data = NULL;
    }
    if (file)
        fclose(file);
    return data;
}

static void test_corpus_file(void **state)
{
    const char *path = *state;
    const char *finding;
    size_t size = 0;
    uint8_t *data = read_file(path, &size);

    assert_non_null(data);
    finding = fuzz_case_run(data, size);
    free(data);
    if (finding)
        fail_msg("%s: %s", path, finding);
}

static void test_corpus_present(void **state)
{
    assert_true(corpus.count >= MIN_CORPUS_FILES);
}

/* Runs last: the corpus must reach every stage, or the harness or the corpus has rotted. */
static void test_corpus_reaches_execution(void **state)
{
    printf("corpus: %llu cases, %llu accepted, %llu compiled, %llu executed, %llu compared\n",
           (unsigned long long)fuzz_stats.cases, (unsigned long long)fuzz_stats.accepted,
           (unsigned long long)fuzz_stats.compiled, (unsigned long long)fuzz_stats.executed,
           (unsigned long long)fuzz_stats.compared);
    assert_true(fuzz_stats.cases >= MIN_CORPUS_FILES);
    assert_true(fuzz_stats.executed >= MIN_EXECUTED);
    assert_true(fuzz_stats.compared >= MIN_EXECUTED);    /* outputs checked, not only produced */
    assert_true(fuzz_stats.accepted < fuzz_stats.cases); /* some edge cases are rejected */
}

/* Runs last too: every operator of DML_OPS (each has a builder, fuzz_op.h) had a case executed
 * and compared byte for byte with the C reference; and its type, its kind byte, names it alone. */
static void test_corpus_compares_every_operator(void **state)
{
    uint32_t missing = 0;
    const struct fuzz_op *op;
    for (uint32_t i = 0; (op = fuzz_op_at(i)) != NULL; ++i)
    {
        assert_true((unsigned)op->type < (unsigned)FUZZ_KIND_EXAMPLE_0);
        assert_ptr_equal(fuzz_op_of(op->type), op);
        if (fuzz_stats.compared_of[op->type])
            continue;
        printf("corpus: no case of operator type %u was compared with the reference\n",
               (unsigned)op->type);
        ++missing;
    }
    assert_int_equal(missing, 0);
}

static int release_devices(void **state)
{
    fuzz_device_release_all();
    return 0;
}

int main(int argc, char **argv)
{
    struct CMUnitTest *tests;
    int failed;

    setenv("DMLOPS_VALIDATION", "fatal", 0);
    gpu_require_device();
    for (int i = 1; i < argc; ++i)
        collect(argv[i]);
    if (argc == 1)
        collect(FUZZ_CORPUS_DIR);
    if (!(tests = calloc(corpus.count + 3, sizeof(*tests))))
        return 1;
    tests[0] = (struct CMUnitTest)cmocka_unit_test(test_corpus_present);
    for (size_t i = 0; i < corpus.count; ++i)
        tests[1 + i] = (struct CMUnitTest){
            strrchr(corpus.paths[i], '/') ? strrchr(corpus.paths[i], '/') + 1 : corpus.paths[i],
            test_corpus_file, NULL, NULL, corpus.paths[i]};
    tests[1 + corpus.count] = (struct CMUnitTest)cmocka_unit_test(test_corpus_reaches_execution);
    tests[2 + corpus.count] =
        (struct CMUnitTest)cmocka_unit_test(test_corpus_compares_every_operator);
    failed = _cmocka_run_group_tests("fuzz_corpus", tests, corpus.count + 3, NULL, release_devices);
    for (size_t i = 0; i < corpus.count; ++i)
        free(corpus.paths[i]);
    free(corpus.paths);
    free(tests);
    return failed;
}
