/* `dmlops bench`: runs the suite on the default device, prints the table and writes
 * bench.csv, bench.svg and bench.md into the output directory. Exit status 1 when any case's
 * output is wrong or a case fails to run (never because of speed). */
#define _POSIX_C_SOURCE 200809L
#define COBJMACROS
#include <errno.h>
#include <getopt.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "bench_compile.h"
#include "bench_graph.h"
#include "bench_op.h"
#include "bench_report.h"
#include "compiled_operator.h"
#include "device.h"
#include "hresult.h"

#define MAX_OPS 512
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
    bool short_mode, full_mode, runs_given;
    uint32_t runs, warmup, repeat;
    const char *out_dir;
    const char *filter;
    const char *from_csv;
    const char *title;
};

static void usage(FILE *out)
{
    fprintf(out,
            "usage: dmlops bench [--short | --full] [--runs N] [--repeat N] [--out DIR]\n"
            "                    [--filter SUBSTRING] [--from-csv FILE [--title T]]\n"
            "  --short     tiny shapes, 3 runs: checks the benchmark's results (CI); the default\n"
            "              on a CPU device such as lavapipe\n"
            "  --full      the whole suite (256 MiB and more per case) even on a CPU device\n"
            "  --runs N    timed runs per measurement after the warm-up runs (default 30)\n"
            "  --repeat N  the whole suite N times; each case keeps its least disturbed\n"
            "              pass, the one whose same-run ceiling was fastest (default 1)\n"
            "  --out DIR   where bench.csv, bench.svg and bench.md go (default .); bench.csv\n"
            "              grows as cases finish, the other two are written at the end\n"
            "  --filter S  only the cases whose name contains S (fails when none does)\n"
            "  --from-csv FILE  run nothing: draw DIR/bench.svg from a bench.csv written before\n"
            "  --title T   with --from-csv: the device, driver and date line of the picture\n"
            "Progress goes to stderr, the table to stdout. Status: 0 every output right, 1 a case\n"
            "failed or gave a wrong output, 2 bad usage, 77 no usable device.\n");
}

/* A count in 1..100000, or the option is named with the value it got. */
static int parse_count(const char *option, const char *text, uint32_t *out)
{
    char *end;
    unsigned long v = strtoul(text, &end, 10);
    if (!*text || *end || text[0] == '-' || v < 1 || v > 100000)
    {
        fprintf(stderr, "dmlops bench: %s wants a whole number from 1 to 100000, not '%s'\n",
                option, text);
        return -1;
    }
    *out = (uint32_t)v;
    return 0;
}

/* 1: --help was answered; 0: go on; -1: bad usage (already said). */
static int parse_options(int argc, char **argv, struct bench_options *o)
{
    static const struct option options[] = {
        {"short", no_argument, NULL, 's'},          {"full", no_argument, NULL, 'F'},
        {"runs", required_argument, NULL, 'r'},     {"repeat", required_argument, NULL, 'R'},
        {"out", required_argument, NULL, 'o'},      {"filter", required_argument, NULL, 'f'},
        {"from-csv", required_argument, NULL, 'c'}, {"title", required_argument, NULL, 't'},
        {"help", no_argument, NULL, 'h'},           {0}};
    int c, bad = 0;
    *o = (struct bench_options){.runs = 30, .repeat = 1, .out_dir = "."};
    opterr = 0;
    while ((c = getopt_long(argc, argv, ":h", options, NULL)) != -1)
    {
        switch (c)
        {
        case 's':
            o->short_mode = true;
            break;
        case 'F':
            o->full_mode = true;
            break;
        case 'r':
            bad |= parse_count("--runs", optarg, &o->runs), o->runs_given = true;
            break;
        case 'R':
            bad |= parse_count("--repeat", optarg, &o->repeat);
            break;
        case 'o':
            o->out_dir = optarg;
            break;
        case 'f':
            o->filter = optarg;
            break;
        case 'c':
            o->from_csv = optarg;
            break;
        case 't':
            o->title = optarg;
            break;
        case 'h':
            return usage(stdout), 1;
        case ':':
            fprintf(stderr, "dmlops bench: %s needs a value\n", argv[optind - 1]);
            return -1;
        default:
            fprintf(stderr, "dmlops bench: unknown option '%s' (dmlops bench --help)\n",
                    argv[optind - 1]);
            return -1;
        }
    }
    if (optind < argc)
        return fprintf(stderr, "dmlops bench: unexpected argument '%s'\n", argv[optind]), -1;
    if (o->short_mode && o->full_mode)
        return fprintf(stderr, "dmlops bench: --short and --full exclude each other\n"), -1;
    return bad ? -1 : 0;
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

#define LIFT_BYTES (64ull << 20) /* what each of the lift's copies moves */

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
    /* Timings on a CPU device only check the benchmark: no clocks to lift there. */
    if (SUCCEEDED(hr) &&
        dml_vk_device_properties(env->vk)->deviceType != VK_PHYSICAL_DEVICE_TYPE_CPU)
        hr = bench_gpu_lift(&env->gpu, env->in_address, env->out_address,
                            bytes < LIFT_BYTES ? bytes : LIFT_BYTES);
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
        dml_dispatchable_kernel(&dml_compiled_operator_from_iface(inst->compiled)->dispatchable, 0);
    const struct VolkDeviceTable *vk = dml_vk_device_table(inst->env->vk);
    struct dml_vk_kernel_choice c;
    dml_vk_kernel_choose(k, &c);
    VkDeviceAddress push[16] = {c.params, inst->env->in_address, inst->env->out_address};
    vk->vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, c.pipeline);
    vk->vkCmdPushConstants(cmd, k->layout, VK_SHADER_STAGE_COMPUTE_BIT, 0, sizeof(push), push);
    vk->vkCmdDispatch(cmd, c.groups[0], c.groups[1], c.groups[2]);
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
    if (op->graph)
        return bench_graph_run(env, op, r);
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

static double median_of(const struct bench_result *r, uint32_t count, size_t field, double *max)
{
    double *v = malloc(count * sizeof(double)), mid;
    if (!v)
        return 0;
    for (uint32_t i = 0; i < count; ++i)
        v[i] = *(const double *)((const char *)&r[i] + field);
    qsort(v, count, sizeof(double), compare_doubles);
    mid = v[count / 2];
    if (max)
        *max = v[count - 1];
    free(v);
    return mid;
}

static void summarize_compiles(const struct bench_result *r, uint32_t count, struct bench_cpu *cpu)
{
    if (!count)
        return;
    cpu->compile_cold_ms = r[0].compile_first_ms;
    cpu->compile_first_median_ms =
        median_of(r, count, offsetof(struct bench_result, compile_first_ms), NULL);
    cpu->compile_warm_ms =
        median_of(r, count, offsetof(struct bench_result, compile_warm_ms), NULL);
    cpu->specialized_median_ms = median_of(r, count, offsetof(struct bench_result, specialized_ms),
                                           &cpu->specialized_max_ms);
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
    snprintf(path, sizeof(path), "%s/bench.csv", o->out_dir);
    failures += bench_write_csv(path, results, done);
    snprintf(path, sizeof(path), "%s/bench.svg", o->out_dir);
    failures += bench_write_svg(path, info, results, done);
    snprintf(path, sizeof(path), "%s/bench.md", o->out_dir);
    failures += bench_write_markdown(path, info, results, done, cpu);
    return failures;
}

/* One line per finished case on stderr, and its CSV row (the first pass's) right away. */
static void report_case(const struct bench_progress *p, uint32_t index, uint32_t count,
                        const struct bench_op *op, HRESULT hr, const struct bench_result *r)
{
    fprintf(stderr, "[%u/%u] %s e%u: ", index + 1, count, op->name, op->elem_bytes);
    if (FAILED(hr))
        fprintf(stderr, "failed: %s\n", tool_hresult_text(hr));
    else if (r->mismatches || !r->verified)
        fprintf(stderr, "WRONG OUTPUT (%llu mismatches)\n", (unsigned long long)r->mismatches);
    else
        fprintf(stderr, "%.1f GB/s, %.2f of the ceiling\n", bench_gbps(r), bench_ratio(r));
    if (SUCCEEDED(hr) && p->csv)
        bench_csv_row(p->csv, r);
}

/* ahead (CPU devices, where timings are not the point and compiles are slow): each case is compiled
 * once more before the one ahead of it runs, so that the worker builds its specialized pipelines
 * meanwhile; its specialized_ms then counts only what was left to build. */
static uint32_t run_all(struct bench_env *env, const struct bench_op *ops, uint32_t count,
                        struct bench_result *results, struct bench_cpu *cpu, int *failures,
                        const struct bench_progress *progress, bool ahead)
{
    uint32_t done = 0;
    IDMLCompiledOperator *queued = ahead && count ? bench_compile_ahead(env, &ops[0]) : NULL;
    for (uint32_t i = 0; i < count; ++i)
    {
        IDMLCompiledOperator *next =
            ahead && i + 1 < count ? bench_compile_ahead(env, &ops[i + 1]) : NULL;
        HRESULT hr = run_case(env, &ops[i], &results[done], cpu);
        if (queued)
            IDMLCompiledOperator_Release(queued);
        queued = next;
        report_case(progress, i, count, &ops[i], hr, &results[done]);
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
    double specialized = kept->specialized_ms;
    if (again->ceiling_ns >= kept->ceiling_ns)
        return;
    *kept = *again;
    kept->compile_first_ms = first;
    kept->compile_warm_ms = warm;
    kept->specialized_ms = specialized;
}

static uint32_t run_repeated(struct bench_env *env, const struct bench_op *ops, uint32_t count,
                             uint32_t repeat, struct bench_result *results, struct bench_cpu *cpu,
                             int *failures, const struct bench_progress *progress, bool ahead)
{
    static struct bench_result again[MAX_OPS];
    const struct bench_progress quiet = {NULL};
    uint32_t done = run_all(env, ops, count, results, cpu, failures, progress, ahead);
    for (uint32_t pass = 1; pass < repeat && done == count; ++pass)
    {
        fprintf(stderr, "pass %u of %u\n", pass + 1, repeat);
        if (run_all(env, ops, count, again, cpu, failures, &quiet, false) != count)
            break;
        for (uint32_t i = 0; i < count; ++i)
            keep_least_disturbed(&results[i], &again[i]);
    }
    return done;
}

/* The output directory exists (made if missing, not its parents) and takes files, before any
 * case runs; bench.csv is open for the rows as they come. */
static int open_outputs(const char *dir, struct bench_progress *progress)
{
    char path[1024];
    struct stat st;
    if (mkdir(dir, 0777) && errno != EEXIST)
        return fprintf(stderr, "dmlops bench: --out %s: %s\n", dir, strerror(errno)), -1;
    if (stat(dir, &st) || !S_ISDIR(st.st_mode))
        return fprintf(stderr, "dmlops bench: --out %s is not a directory\n", dir), -1;
    snprintf(path, sizeof(path), "%s/bench.csv", dir);
    if (!(progress->csv = bench_csv_begin(path)))
        return fprintf(stderr, "dmlops bench: cannot write %s: %s\n", path, strerror(errno)), -1;
    return 0;
}

/* Whether the default device is a CPU (lavapipe), where the full suite takes hours. */
static bool default_device_is_cpu(void)
{
    DMLOPS_ADAPTER_INFO adapters[16];
    UINT count = 0;
    if (FAILED(dmlopsEnumerateAdapters(&count, NULL)) || !count || count > 16 ||
        FAILED(dmlopsEnumerateAdapters(&count, adapters)))
        return false;
    for (UINT i = 0; i < count; ++i)
    {
        if (adapters[i].isDefault)
            return adapters[i].type == VK_PHYSICAL_DEVICE_TYPE_CPU;
    }
    return false;
}

static void choose_mode(struct bench_options *o)
{
    if (!o->short_mode && !o->full_mode && default_device_is_cpu())
    {
        fprintf(stderr, "dmlops bench: the default device is a CPU: running the short suite "
                        "(--full for the whole one)\n");
        o->short_mode = true;
    }
    if (o->short_mode && !o->runs_given)
        o->runs = 3;
    o->warmup = o->short_mode ? 1 : 5;
}

/* The suite to run, or 0 after saying why there is none. */
static uint32_t choose_ops(const struct bench_options *o, struct bench_op *ops)
{
    uint32_t singles = bench_suite(o->short_mode, ops, MAX_OPS);
    uint32_t room = singles < MAX_OPS ? MAX_OPS - singles : 0;
    uint32_t all = singles + bench_graph_suite(o->short_mode, ops + (MAX_OPS - room), room);
    if (all > MAX_OPS)
    {
        /* Never a silently shorter suite: a run of 256 left the last graphs out. */
        fprintf(stderr, "dmlops bench: the suite has %u cases, more than MAX_OPS (%u)\n", all,
                MAX_OPS);
        return 0;
    }
    uint32_t count = select_ops(ops, all, o->filter);
    if (!count)
        fprintf(stderr, "dmlops bench: --filter '%s' matches none of the %u cases\n", o->filter,
                all);
    return count;
}

int bench_main(int argc, char **argv)
{
    struct bench_options o;
    struct bench_env env;
    struct bench_run_info info;
    struct bench_progress progress = {NULL};
    struct bench_cpu cpu = {0};
    static struct bench_op ops[MAX_OPS];
    static struct bench_result results[MAX_OPS];
    int failures = 0, parsed = parse_options(argc, argv, &o);
    if (parsed)
        return parsed > 0 ? 0 : 2;
    if (o.from_csv)
        return bench_redraw(o.from_csv, o.out_dir, o.title);
    choose_mode(&o);
    uint32_t count = choose_ops(&o, ops);
    if (!count || open_outputs(o.out_dir, &progress))
        return 2;
    describe_run(argc, argv, &o, &info);
    fprintf(stderr, "dmlops bench: %u cases, %s suite, median of %u runs; writing %s/bench.csv\n",
            count, o.short_mode ? "short" : "full", o.runs, o.out_dir);
    HRESULT hr = env_init(&env, &o, ops, count);
    if (FAILED(hr))
    {
        fprintf(stderr, "dmlops bench: no usable device or memory: %s\n", tool_hresult_text(hr));
        env_cleanup(&env);
        fclose(progress.csv);
        return hr == DXGI_ERROR_UNSUPPORTED ? 77 : 1;
    }
    describe_engines(dml_vk_device_engines(env.vk), info.engines, sizeof(info.engines));
    failures += bench_compile_graphs(env.device);
    bool cpu_device = dml_vk_device_properties(env.vk)->deviceType == VK_PHYSICAL_DEVICE_TYPE_CPU;
    uint32_t done =
        run_repeated(&env, ops, count, o.repeat, results, &cpu, &failures, &progress, cpu_device);
    env_cleanup(&env);
    failures += fclose(progress.csv) ? 1 : 0;
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
