/* The graph fuzzer without libFuzzer, in every build (ctest fuzz_graph_replay): replays
 * corpus_graph/ (or the files named), then a deterministic sweep of byte mutations of it. Fails on
 * any finding, when the corpus is lost, or when the sweep stops reaching valid graphs, the graph
 * rules, fusion (fewer steps than nodes) or, with a Vulkan device, real compiles. A directory
 * named on the command line is replayed too, and the outcome of each of its files printed.
 * `fuzz_graph_replay --write-corpus DIR` writes one sweep input per outcome (each rule, valid) into
 * DIR: how corpus_graph/ was made. */
#define _DEFAULT_SOURCE /* scandir */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_graph.h"
#include "validate.h"

#define INPUT_MAX_BYTES 4096
#define SWEEP 20000
#define MIN_CORPUS 8

struct input
{
    uint8_t bytes[INPUT_MAX_BYTES];
    size_t size;
};

static struct input corpus[256];
static size_t corpus_count;
static int seen[DML_RULE_COUNT + 1], failures;

static void load(const char *dir)
{
    struct dirent **entries;
    int count = scandir(dir, &entries, NULL, alphasort);

    for (int i = 0; i < count; ++i)
    {
        char path[4096];
        FILE *file;
        snprintf(path, sizeof(path), "%s/%s", dir, entries[i]->d_name);
        if (entries[i]->d_name[0] != '.' && corpus_count < 256 && (file = fopen(path, "rb")))
        {
            corpus[corpus_count].size = fread(corpus[corpus_count].bytes, 1, INPUT_MAX_BYTES, file);
            ++corpus_count;
            fclose(file);
        }
        free(entries[i]);
    }
    free(entries);
}

static size_t named_from = 256; /* corpus[named_from..]: files named on the command line */

static void run(const uint8_t *data, size_t size, const char *what, size_t index)
{
    int rule = 0;
    const char *finding = fuzz_graph_run(data, size, &rule);

    if (!strcmp(what, "corpus file") && index >= named_from) /* what each named file is */
        printf("corpus file %zu: %s\n", index,
               rule < 0 ? "out of memory"
               : rule   ? dml_rule_info(rule)->id
                        : "valid");
    if (finding)
    {
        fprintf(stderr, "FINDING in %s %zu (%zu bytes): %s\n", what, index, size, finding);
        ++failures;
    }
    if (rule >= 0 && rule < DML_RULE_COUNT)
        seen[rule]++;
}

static uint32_t next(uint64_t *s)
{
    *s = *s * 6364136223846793005ull + 1442695040888963407ull;
    return (uint32_t)(*s >> 33);
}

/* A corpus input with a few bytes changed, inserted or cut. */
static void mutate(uint64_t *seed, struct input *in)
{
    *in = corpus[next(seed) % corpus_count];
    for (uint32_t k = 0, edits = 1 + next(seed) % 4; k < edits; ++k)
    {
        size_t at = in->size ? next(seed) % in->size : 0;
        uint32_t op = next(seed) % 4;
        if (op < 2 && in->size)
            in->bytes[at] = (uint8_t)(op ? next(seed) : 0xC0 + next(seed) % 0x40);
        else if (op == 2 && in->size < INPUT_MAX_BYTES)
        {
            memmove(in->bytes + at + 1, in->bytes + at, in->size - at);
            in->bytes[at] = (uint8_t)next(seed);
            ++in->size;
        }
        else if (in->size)
            in->size = at;
    }
}

static void write_corpus(const char *dir)
{
    static int written[DML_RULE_COUNT + 1];
    uint64_t seed = 7;
    struct input in;

    for (int i = 0; i < 200000; ++i)
    {
        int rule = 0;
        mutate(&seed, &in);
        if (fuzz_graph_run(in.bytes, in.size, &rule) || rule < 0 || written[rule]++ >= 2)
            continue;
        char path[4096];
        snprintf(path, sizeof(path), "%s/%s-%d", dir, rule ? dml_rule_info(rule)->id + 9 : "valid",
                 written[rule]);
        FILE *file = fopen(path, "wb");
        if (file)
            fwrite(in.bytes, 1, in.size, file), fclose(file);
    }
}

int main(int argc, char **argv)
{
    uint64_t seed = 1;
    struct input in;
    int rules = 0;
    unsigned compared, fused, compiled;
    bool vulkan;

    fuzz_graph_init();
    load(FUZZ_GRAPH_CORPUS_DIR);
    if (argc == 3 && !strcmp(argv[1], "--write-corpus"))
        return write_corpus(argv[2]), fuzz_graph_shutdown(), 0;
    named_from = corpus_count;
    for (int i = 1; i < argc; ++i)
        load(argv[i]);
    if (corpus_count < MIN_CORPUS)
        return fprintf(stderr, "corpus_graph: %zu files, expected >= %d\n", corpus_count,
                       MIN_CORPUS),
               1;
    for (size_t i = 0; i < corpus_count; ++i)
        run(corpus[i].bytes, corpus[i].size, "corpus file", i);
    for (int i = 0; i < SWEEP; ++i)
    {
        mutate(&seed, &in);
        run(in.bytes, in.size, "sweep input", (size_t)i);
    }
    for (int r = DML_RULE_GRAPH_FIRST; r < DML_RULE_COUNT; ++r)
        rules += seen[r] > 0;
    fuzz_graph_exec_counts(&compared, &fused, &compiled);
    vulkan = fuzz_graph_vulkan();
    fuzz_graph_shutdown();
    printf("fuzz_graph_replay: %zu corpus files + %d mutations: %d valid graphs (%u fused and "
           "unfused programs compared, %u with fewer steps fused; %u real compiles%s), %d of %d "
           "graph rules reached, %d findings\n",
           corpus_count, SWEEP, seen[DML_RULE_NONE], compared, fused, compiled,
           vulkan ? "" : ": no Vulkan device", rules, DML_RULE_COUNT - DML_RULE_GRAPH_FIRST,
           failures);
    if (seen[DML_RULE_NONE] < 100 || rules < 15 || compared < 100 || fused < 20 ||
        (vulkan && compiled < 200))
        return fprintf(stderr, "the sweep no longer reaches valid graphs, most rules and the "
                               "programs of valid graphs\n"),
               1;
    return failures ? 1 : 0;
}
