/* dmlops: the library's command-line tool.
 *   dmlops info   list the Vulkan devices, the default one, their feature level and data types
 *   dmlops run    run the DirectML documentation's examples on the default device
 *   dmlops bench  measure every operator against the device's copy ceiling (tools/bench.h)
 * Results go to stdout, diagnostics to stderr; status 0 success, 1 failure, 2 bad usage. */
#define _POSIX_C_SOURCE 200809L /* readlink, execv */
#define COBJMACROS
#include <dmlops.h>

#include <getopt.h>
#include <libgen.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "hresult.h"
#include "seed_examples.h"

static const char *const type_names[] = {
    [VK_PHYSICAL_DEVICE_TYPE_OTHER] = "other",
    [VK_PHYSICAL_DEVICE_TYPE_INTEGRATED_GPU] = "integrated GPU",
    [VK_PHYSICAL_DEVICE_TYPE_DISCRETE_GPU] = "discrete GPU",
    [VK_PHYSICAL_DEVICE_TYPE_VIRTUAL_GPU] = "virtual GPU",
    [VK_PHYSICAL_DEVICE_TYPE_CPU] = "CPU",
};

static const char *const data_type_names[] = {
    "UNKNOWN", "FLOAT32", "FLOAT16", "UINT32", "UINT16", "UINT8", "INT32",
    "INT16",   "INT8",    "FLOAT64", "UINT64", "INT64",  "UINT4", "INT4",
};

static void print_data_types(IDMLDevice *device)
{
    printf("    data types:");
    for (unsigned t = 1; t < sizeof(data_type_names) / sizeof(data_type_names[0]); ++t)
    {
        DML_FEATURE_QUERY_TENSOR_DATA_TYPE_SUPPORT query = {(DML_TENSOR_DATA_TYPE)t};
        DML_FEATURE_DATA_TENSOR_DATA_TYPE_SUPPORT data = {0};

        if (SUCCEEDED(IDMLDevice_CheckFeatureSupport(device, DML_FEATURE_TENSOR_DATA_TYPE_SUPPORT,
                                                     sizeof(query), &query, sizeof(data), &data)) &&
            data.IsSupported)
            printf(" %s", data_type_names[t]);
    }
    printf("\n");
}

static void print_adapter(unsigned index, const DMLOPS_ADAPTER_INFO *info, IDMLDevice *device)
{
    printf("%c %u: %s (%s, %s %s)\n", info->isDefault ? '*' : ' ', index, info->name,
           info->type < 5 ? type_names[info->type] : "?", info->driverName, info->driverInfo);
    if (!info->isSupported)
    {
        printf("    not usable: lacks a Vulkan feature libdmlops needs\n");
        return;
    }
    printf("    feature level: %u.%u\n", info->maxFeatureLevel >> 12,
           (info->maxFeatureLevel >> 8) & 0xf);
    if (device)
        print_data_types(device);
}

static int command_info(void)
{
    DMLOPS_ADAPTER_INFO *adapters;
    IDMLDevice *device = NULL;
    UINT count = 0;

    printf("libdmlops %s\n", dmlopsGetVersionString());
    if (FAILED(dmlopsEnumerateAdapters(&count, NULL)) || !count)
    {
        printf("no Vulkan device found (the reason is on stderr)\n");
        return 1;
    }
    if (!(adapters = calloc(count, sizeof(*adapters))) ||
        FAILED(dmlopsEnumerateAdapters(&count, adapters)))
        return free(adapters), 1;
    DMLCreateDevice(NULL, DML_CREATE_DEVICE_FLAG_NONE, &IID_IDMLDevice, (void **)&device);
    printf("Vulkan devices (* = default; DMLOPS_DEVICE=<index or name> chooses another):\n");
    for (UINT i = 0; i < count; ++i)
        print_adapter(i, &adapters[i], adapters[i].isDefault ? device : NULL);
    if (device)
        IDMLDevice_Release(device);
    free(adapters);
    return 0;
}

static void print_tensor(const char *label, const struct seed_tensor *tensor, const float *data)
{
    unsigned width = tensor->sizes[SEED_RANK - 1], count = seed_tensor_elements(tensor);

    printf("  %s {%u, %u, %u, %u}:\n", label, tensor->sizes[0], tensor->sizes[1], tensor->sizes[2],
           tensor->sizes[3]);
    for (unsigned i = 0; i < count; ++i)
        printf("%s%4g%s", i % width ? "" : "    [", data[i], (i + 1) % width ? "," : "]\n");
}

static int run_example(IDMLDevice *device, const struct seed_example *example)
{
    float *results[SEED_MAX_OUTPUTS] = {0};
    bool pass;
    HRESULT hr;

    for (unsigned k = 0; k < example->output_count; ++k)
        results[k] = calloc(seed_tensor_elements(&example->outputs[k]), sizeof(float));
    hr = seed_run(device, example, results);
    pass = SUCCEEDED(hr);
    printf("%s\n", example->name);
    print_tensor("input", &example->input, example->input.data);
    for (unsigned k = 0; k < example->output_count && pass; ++k)
    {
        char label[32];
        snprintf(label, sizeof(label), "output %u", k);
        print_tensor(label, &example->outputs[k], results[k]);
        pass = !memcmp(results[k], example->outputs[k].data,
                       seed_tensor_elements(&example->outputs[k]) * sizeof(float));
    }
    printf("  %s", pass ? "PASS\n" : "FAIL");
    if (!pass)
        printf(" (%s)\n",
               FAILED(hr) ? tool_hresult_text(hr) : "differs from the documented result");
    for (unsigned k = 0; k < example->output_count; ++k)
        free(results[k]);
    return pass ? 0 : 1;
}

static int command_run(void)
{
    DMLOPS_ADAPTER_INFO *adapters = NULL;
    IDMLDevice *device;
    unsigned failures = 0;
    UINT count = 0;
    HRESULT hr;

    if (FAILED(hr = DMLCreateDevice(NULL, DML_CREATE_DEVICE_FLAG_NONE, &IID_IDMLDevice,
                                    (void **)&device)))
    {
        fprintf(stderr, "dmlops run: DMLCreateDevice failed: %s\n", tool_hresult_text(hr));
        return 1;
    }
    if (SUCCEEDED(dmlopsEnumerateAdapters(&count, NULL)) && count &&
        (adapters = calloc(count, sizeof(*adapters))) &&
        SUCCEEDED(dmlopsEnumerateAdapters(&count, adapters)))
        for (UINT i = 0; i < count; ++i)
            if (adapters[i].isDefault)
                printf("device: %s (%s)\n\n", adapters[i].name, adapters[i].driverName);
    free(adapters);
    for (unsigned e = 0; e < seed_example_count; ++e)
        failures += run_example(device, &seed_examples[e]);
    IDMLDevice_Release(device);
    printf("\n%u passed, %u failed\n", seed_example_count - failures, failures);
    return failures ? 1 : 0;
}

/* The library's messages (dmlops.h): the machine's problems (no Vulkan loader or driver) are
 * what a user of the tool needs to hear; each is said once. */
static void on_message(DMLOPS_MESSAGE_SEVERITY severity, const char *rule, const char *message,
                       void *user)
{
    static char last[1024];
    if (!strncmp(last, message, sizeof(last) - 1))
        return;
    snprintf(last, sizeof(last), "%s", message);
    fprintf(stderr, "dmlops: %s%s%s%s\n", message, rule[0] ? " [" : "", rule,
            rule[0] ? ", see docs/rules.md]" : "");
}

/* Where the benchmark program is: installed, in the libexec directory (DMLOPS_BENCH_FROM_BINDIR,
 * relative to this program's directory); in the build tree, next to this program. */
static int command_bench(char **argv)
{
    static const char *const candidates[] = {DMLOPS_BENCH_FROM_BINDIR, "dmlops-bench"};
    char self[4096], path[4600];
    ssize_t n = readlink("/proc/self/exe", self, sizeof(self) - 1);
    if (n <= 0)
        return perror("dmlops bench: /proc/self/exe"), 1;
    self[n] = 0;
    const char *dir = dirname(self);
    for (size_t i = 0; i < sizeof(candidates) / sizeof(candidates[0]); ++i)
    {
        snprintf(path, sizeof(path), "%s/%s", dir, candidates[i]);
        if (access(path, X_OK) == 0)
        {
            argv[0] = "dmlops bench";
            execv(path, argv);
            perror(path);
            return 1;
        }
    }
    fprintf(stderr, "dmlops bench: the benchmark program %s is not installed next to dmlops\n",
            candidates[0]);
    return 1;
}

static int usage(FILE *out, int status)
{
    fprintf(out, "usage: dmlops [--help] [--version] COMMAND [--help]\n"
                 "commands:\n"
                 "  info   list the Vulkan devices with their feature level and data types\n"
                 "  run    run the DirectML documentation's examples on the default device\n"
                 "  bench  measure every operator against the copy ceiling (dmlops bench --help)\n"
                 "environment: DMLOPS_DEVICE=<index or name> picks the device, DMLOPS_DEBUG=1\n"
                 "prints the library's debug lines (rule ids: docs/rules.md); see man dmlops\n");
    return status;
}

static const struct
{
    const char *name;
    int (*run)(void);
    const char *help;
} commands[] = {
    {"info", command_info,
     "usage: dmlops info\nLists the Vulkan devices (* = the default one), "
     "each one's feature level and data types.\n"},
    {"run", command_run,
     "usage: dmlops run\nRuns the 8 examples of DirectML's documentation on "
     "the default device and compares them with the documented results.\n"},
};

/* info and run take no argument but --help. */
static int run_command(int index, int argc, char **argv)
{
    static const struct option options[] = {{"help", no_argument, NULL, 'h'}, {0}};
    int c;
    optind = 1;
    opterr = 0;
    while ((c = getopt_long(argc, argv, "+h", options, NULL)) != -1)
    {
        if (c == 'h')
            return fputs(commands[index].help, stdout), 0;
        fprintf(stderr, "dmlops %s: unknown option '%s'\n%s", commands[index].name,
                argv[optind - 1], commands[index].help);
        return 2;
    }
    if (optind < argc)
    {
        fprintf(stderr, "dmlops %s: unexpected argument '%s'\n%s", commands[index].name,
                argv[optind], commands[index].help);
        return 2;
    }
    dmlopsSetMessageCallback(on_message, NULL, DMLOPS_MESSAGE_FLAG_NO_STDERR);
    return commands[index].run();
}

int main(int argc, char **argv)
{
    static const struct option options[] = {
        {"help", no_argument, NULL, 'h'}, {"version", no_argument, NULL, 'V'}, {0}};
    int c;
    opterr = 0;
    while ((c = getopt_long(argc, argv, "+hV", options, NULL)) != -1)
    {
        if (c == 'h')
            return usage(stdout, 0);
        if (c == 'V')
            return printf("dmlops %s (libdmlops %s)\n", DMLOPS_TOOL_VERSION,
                          dmlopsGetVersionString()),
                   0;
        fprintf(stderr, "dmlops: unknown option '%s'\n", argv[optind - 1]);
        return usage(stderr, 2);
    }
    if (optind >= argc)
        return fprintf(stderr, "dmlops: no command given\n"), usage(stderr, 2);
    const char *name = argv[optind];
    if (!strcmp(name, "bench"))
        return command_bench(argv + optind);
    for (size_t i = 0; i < sizeof(commands) / sizeof(commands[0]); ++i)
    {
        if (!strcmp(name, commands[i].name))
            return run_command((int)i, argc - optind, argv + optind);
    }
    fprintf(stderr, "dmlops: unknown command '%s' (commands: info, run, bench)\n", name);
    return usage(stderr, 2);
}
