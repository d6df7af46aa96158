/* `dmlops bench`: runs the suite on the default device, prints the table and writes
 * bench.csv, bench.svg and bench.md into the output directory. Exit status 1 when any case's
 * output is wrong or a case fails to run (never because of speed). */
#define _POSIX_C_SOURCE 200809L
#define COBJMACROS
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "bench_op.h"
#include "compiled_operator.h"
#include "device.h"

#define MAX_OPS 256
#define RECORD_CALLS 2000u

static int compare_doubles(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median(double *values, uint32_t count)
{
    qsort(values, count, sizeof(*values), compare_doubles);
    return values[count / 2];
}

struct bench_options
{
    bool short_mode;
    uint32_t runs, warmup, repeat;
    const char *out_dir;
    const char *filter;
};

static int parse_options(int argc, char **argv, struct bench_options *o)
{
    *o = (struct bench_options){false, 30, 5, 1, ".", NULL};
    for (int i = 2; i < argc; ++i)
    {
        const char *next = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(argv[i], "--short"))
            o->short_mode = true;
        else if (!strcmp(argv[i], "--runs") && next)
            o->runs = (uint32_t)atoi(argv[++i]);
        else if (!strcmp(argv[i], "--repeat") && next)
            o->repeat = (uint32_t)atoi(argv[++i]);
        else if (!strcmp(argv[i], "--out") && next)
            o->out_dir = argv[++i];
        else if (!strcmp(argv[i], "--filter") && next)
            o->filter = argv[++i];
        else
            return -1;
    }
    if (o->short_mode && o->runs == 30)
        o->runs = 3;
    o->warmup = o->short_mode ? 1 : 5;
    return o->runs && o->repeat ? 0 : -1;
}

static void usage(void)
{
    fprintf(stderr, "usage: dmlops bench [--short] [--runs N] [--repeat N] [--out DIR] "
                    "[--filter SUBSTRING]\n"
                    "  --short   tiny shapes, 3 runs: checks the benchmark's results (CI)\n"
                    "  --runs    timed runs per measurement after 5 warm-up runs (default 30)\n"
                    "  --repeat  the whole suite N times; each case keeps its least disturbed\n"
                    "            pass, the one whose same-run ceiling was fastest (default 1)\n"
                    "  --out     where bench.csv, bench.svg and bench.md go (default .)\n");
}

static void fill_random(uint8_t *data, uint64_t bytes)
{
    uint64_t x = 0x9E3779B97F4A7C15ull;
    for (uint64_t i = 0; i < bytes; ++i)
    {
        if (i % 8 == 0)
        {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
        }
        data[i] = (uint8_t)(x >> (8 * (i % 8)));
    }
}

static HRESULT create_buffers(struct bench_env *env, uint64_t bytes, uint64_t input_bytes)
{
    HRESULT hr = dml_vk_buffer_create(env->vk, bytes, &env->in);
    if (SUCCEEDED(hr))
        hr = dml_vk_buffer_create(env->vk, bytes, &env->out);
    env->host_input = malloc(input_bytes);
    env->scratch = malloc(bytes);
    if (SUCCEEDED(hr) && (!env->host_input || !env->scratch))
        hr = E_OUTOFMEMORY;
    if (FAILED(hr))
        return hr;
    env->in_address = dml_vk_buffer_address(env->vk, env->in);
    env->out_address = dml_vk_buffer_address(env->vk, env->out);
    fill_random(env->host_input, input_bytes);
    return dml_vk_buffer_upload(env->vk, env->in, 0, env->host_input, input_bytes);
}

static HRESULT env_init(struct bench_env *env, const struct bench_options *o,
                        const struct bench_op *ops, uint32_t count)
{
    uint64_t bytes = 16, input_bytes = 16;
    memset(env, 0, sizeof(*env));
    env->warmup = o->warmup;
    env->runs = o->runs;
    for (uint32_t i = 0; i < count; ++i)
    {
        uint64_t b = bench_op_buffer_bytes(&ops[i]);
        bytes = b > bytes ? b : bytes;
        input_bytes = ops[i].input.bytes > input_bytes ? ops[i].input.bytes : input_bytes;
    }
    HRESULT hr =
        DMLCreateDevice(NULL, DML_CREATE_DEVICE_FLAG_NONE, &IID_IDMLDevice, (void **)&env->device);
    if (FAILED(hr))
        return hr;
    env->vk = dml_device_from_iface(env->device)->vk;
    hr = IDMLDevice_CreateCommandRecorder(env->device, &IID_IDMLCommandRecorder,
                                          (void **)&env->recorder);
    if (SUCCEEDED(hr))
        hr = bench_gpu_init(&env->gpu, env->vk, o->warmup + o->runs);
    if (SUCCEEDED(hr))
        hr = create_buffers(env, bytes, input_bytes);
    return hr;
}

static void env_cleanup(struct bench_env *env)
{
    if (!env->device)
        return;
    bench_gpu_cleanup(&env->gpu);
    dml_vk_buffer_destroy(env->vk, env->in);
    dml_vk_buffer_destroy(env->vk, env->out);
    if (env->recorder)
        IDMLCommandRecorder_Release(env->recorder);
    IDMLDevice_Release(env->device);
    free(env->host_input);
    free(env->scratch);
}

/* What RecordDispatch records, straight through Vulkan: its floor. */
static void record_raw(struct bench_instance *inst, VkCommandBuffer cmd)
{
    const struct dml_vk_kernel *k =
        &dml_compiled_operator_from_iface(inst->compiled)->dispatchable.dispatches[0].kernel;
    const struct VolkDeviceTable *vk = dml_vk_device_table(inst->env->vk);
    VkDeviceAddress push[16] = {k->params.address, inst->env->in_address, inst->env->out_address};
    vk->vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, k->pipeline);
    vk->vkCmdPushConstants(cmd, k->layout, VK_SHADER_STAGE_COMPUTE_BIT, 0, sizeof(push), push);
    vk->vkCmdDispatch(cmd, k->groups[0], k->groups[1], k->groups[2]);
}

enum timed_call
{
    CALL_RECORD_DISPATCH,
    CALL_VULKAN_ALONE, /* record_raw */
    CALL_NOTHING,      /* the clock reads around each call, alone */
};

/* Median CPU time of single calls, RECORD_CALLS of them into one command buffer. */
static HRESULT time_calls(struct bench_env *env, struct bench_instance *inst, enum timed_call call,
                          double *median_ns, double *mean_ns)
{
    static double ns[RECORD_CALLS];
    VkCommandBuffer cmd;
    HRESULT hr = dml_vk_command_begin(env->vk, &cmd);
    if (FAILED(hr))
        return hr;
    double total = 0;
    for (uint32_t i = 0; i < RECORD_CALLS; ++i)
    {
        double t0 = bench_now_ms();
        if (call == CALL_VULKAN_ALONE)
            record_raw(inst, cmd);
        else if (call == CALL_RECORD_DISPATCH)
            bench_record_op(inst, cmd);
        ns[i] = (bench_now_ms() - t0) * 1e6;
        total += ns[i];
    }
    *median_ns = median(ns, RECORD_CALLS);
    *mean_ns = total / RECORD_CALLS;
    return dml_vk_command_submit_and_wait(env->vk, cmd);
}

static HRESULT time_record(struct bench_env *env, struct bench_instance *inst,
                           struct bench_cpu *cpu)
{
    double unused;
    HRESULT hr = time_calls(env, inst, CALL_RECORD_DISPATCH, &cpu->record_ns, &cpu->record_mean_ns);
    if (SUCCEEDED(hr))
        hr = time_calls(env, inst, CALL_VULKAN_ALONE, &cpu->record_raw_ns, &unused);
    if (SUCCEEDED(hr))
        hr = time_calls(env, inst, CALL_NOTHING, &cpu->clock_ns, &unused);
    return hr;
}

static HRESULT run_case(struct bench_env *env, const struct bench_op *op, struct bench_result *r,
                        struct bench_cpu *cpu)
{
    struct bench_instance inst;
    memset(r, 0, sizeof(*r));
    r->op = op;
    HRESULT hr = bench_instance_create(env, op, &inst, r);
    if (SUCCEEDED(hr))
        hr = bench_instance_verify(env, &inst, r);
    if (SUCCEEDED(hr))
        hr = bench_instance_time(env, &inst, r);
    if (SUCCEEDED(hr) && op->target == BENCH_TARGET_TINY && !cpu->record_ns)
        hr = time_record(env, &inst, cpu);
    bench_instance_destroy(&inst);
    return hr;
}

static void summarize_compiles(const struct bench_result *r, uint32_t count, struct bench_cpu *cpu)
{
    double *first = malloc(count * sizeof(double)), *warm = malloc(count * sizeof(double));
    if (!first || !warm || !count)
        return free(first), free(warm);
    for (uint32_t i = 0; i < count; ++i)
    {
        first[i] = r[i].compile_first_ms;
        warm[i] = r[i].compile_warm_ms;
    }
    qsort(first, count, sizeof(double), compare_doubles);
    qsort(warm, count, sizeof(double), compare_doubles);
    cpu->compile_cold_ms = r[0].compile_first_ms;
    cpu->compile_first_median_ms = first[count / 2];
    cpu->compile_warm_ms = warm[count / 2];
    free(first);
    free(warm);
}

static void describe_run(int argc, char **argv, const struct bench_options *o,
                         struct bench_run_info *info)
{
    UINT count = 0;
    DMLOPS_ADAPTER_INFO adapters[16];
    memset(info, 0, sizeof(*info));
    for (int i = 0; i < argc; ++i)
        snprintf(info->command + strlen(info->command),
                 sizeof(info->command) - strlen(info->command), "%s%s", i ? " " : "", argv[i]);
    time_t now = time(NULL);
    strftime(info->date, sizeof(info->date), "%Y-%m-%d %H:%M UTC", gmtime(&now));
    info->runs = o->runs;
    info->warmup = o->warmup;
    info->short_mode = o->short_mode;
    if (FAILED(dmlopsEnumerateAdapters(&count, NULL)) || count > 16 ||
        FAILED(dmlopsEnumerateAdapters(&count, adapters)))
        return;
    for (UINT i = 0; i < count; ++i)
    {
        if (!adapters[i].isDefault)
            continue;
        snprintf(info->device, sizeof(info->device), "%.200s", adapters[i].name);
        snprintf(info->driver, sizeof(info->driver), "%.100s %.140s", adapters[i].driverName,
                 adapters[i].driverInfo);
    }
}

/* The library's copy-engine probes on this device, and how it got them. */
static void describe_engines(const struct dml_vk_engines *e, char *out, size_t size)
{
    static const char *const names[] = {"compute", "vkCmdCopyBuffer"};
    int n = snprintf(out, size, "Copy engine for contiguous runs: %s.", e->source);
    for (int p = 0; p < DML_VK_ENGINE_PROBES && e->measured && n > 0 && (size_t)n < size; ++p)
        n += snprintf(out + n, size - (size_t)n, " %s %.0f KiB in %u: %.1f us%s",
                      names[e->probes[p].engine], e->probes[p].bytes / 1024.0, e->probes[p].runs,
                      e->probes[p].ns / 1e3, p + 1 < DML_VK_ENGINE_PROBES ? ";" : ".");
}

/* Keeps the ops whose name contains filter. */
static uint32_t select_ops(struct bench_op *ops, uint32_t count, const char *filter)
{
    uint32_t kept = 0;
    for (uint32_t i = 0; i < count; ++i)
    {
        if (!filter || strstr(ops[i].name, filter))
            ops[kept++] = ops[i];
    }
    return kept;
}

static int write_outputs(const struct bench_options *o, const struct bench_run_info *info,
                         const struct bench_result *results, uint32_t done,
                         const struct bench_cpu *cpu)
{
    char path[1024];
    int failures = 0;
    mkdir(o->out_dir, 0777); /* an existing directory is fine; fopen reports the rest */
    snprintf(path, sizeof(path), "%s/bench.csv", o->out_dir);
    failures += bench_write_csv(path, results, done);
    snprintf(path, sizeof(path), "%s/bench.svg", o->out_dir);
    failures += bench_write_svg(path, info, results, done);
    snprintf(path, sizeof(path), "%s/bench.md", o->out_dir);
    failures += bench_write_markdown(path, info, results, done, cpu);
    return failures;
}

static uint32_t run_all(struct bench_env *env, const struct bench_op *ops, uint32_t count,
                        struct bench_result *results, struct bench_cpu *cpu, int *failures)
{
    uint32_t done = 0;
    for (uint32_t i = 0; i < count; ++i)
    {
        HRESULT hr = run_case(env, &ops[i], &results[done], cpu);
        if (FAILED(hr))
            fprintf(stderr, "%s e%u: failed with 0x%08X\n", ops[i].name, ops[i].elem_bytes,
                    (unsigned)hr);
        if (FAILED(hr) || results[done].mismatches)
            ++*failures;
        if (SUCCEEDED(hr))
            ++done;
    }
    return done;
}

/* A GPU that is throttled or shared for a while slows the ceiling and the operator measured next
 * to it alike, but not always by the same factor: the pass kept for a case is the one whose
 * ceiling was fastest. Compile times stay the first pass's (later passes compile warm). */
static void keep_least_disturbed(struct bench_result *kept, const struct bench_result *again)
{
    double first = kept->compile_first_ms, warm = kept->compile_warm_ms;
    if (again->ceiling_ns >= kept->ceiling_ns)
        return;
    *kept = *again;
    kept->compile_first_ms = first;
    kept->compile_warm_ms = warm;
}

static uint32_t run_repeated(struct bench_env *env, const struct bench_op *ops, uint32_t count,
                             uint32_t repeat, struct bench_result *results, struct bench_cpu *cpu,
                             int *failures)
{
    static struct bench_result again[MAX_OPS];
    uint32_t done = run_all(env, ops, count, results, cpu, failures);
    for (uint32_t pass = 1; pass < repeat && done == count; ++pass)
    {
        if (run_all(env, ops, count, again, cpu, failures) != count)
            break;
        for (uint32_t i = 0; i < count; ++i)
            keep_least_disturbed(&results[i], &again[i]);
    }
    return done;
}

int bench_main(int argc, char **argv)
{
    struct bench_options o;
    struct bench_env env;
    struct bench_run_info info;
    struct bench_cpu cpu = {0};
    static struct bench_op ops[MAX_OPS];
    static struct bench_result results[MAX_OPS];
    int failures = 0;
    if (parse_options(argc, argv, &o))
        return usage(), 2;
    uint32_t count = select_ops(ops, bench_suite(o.short_mode, ops, MAX_OPS), o.filter);
    describe_run(argc, argv, &o, &info);
    HRESULT hr = env_init(&env, &o, ops, count);
    if (FAILED(hr))
    {
        fprintf(stderr, "dmlops bench: no usable device or memory (0x%08X)\n", (unsigned)hr);
        env_cleanup(&env);
        return hr == DXGI_ERROR_UNSUPPORTED ? 77 : 1;
    }
    describe_engines(dml_vk_device_engines(env.vk), info.engines, sizeof(info.engines));
    uint32_t done = run_repeated(&env, ops, count, o.repeat, results, &cpu, &failures);
    env_cleanup(&env);
    summarize_compiles(results, done, &cpu);
    failures += write_outputs(&o, &info, results, done, &cpu);
    bench_print_table(&info, results, done, &cpu);
    uint32_t matched = 0;
    for (uint32_t i = 0; i < done; ++i)
        matched += results[i].verified && !results[i].mismatches;
    printf("%u of %u cases ran and matched the reference%s\n", matched, count,
           failures ? "; FAILURES above" : "");
    return failures ? 1 : 0;
}
