/* The benchmark's outputs: the table on stdout, CSV, a markdown page and an SVG picture of each
 * case's ratio to the ceiling. */
#include <stdio.h>
#include <string.h>

#include "bench.h"

#define MIB (1024.0 * 1024.0)

double bench_gbps(const struct bench_result *r)
{
    return r->op_ns > 0 ? (double)(r->op->read_bytes + r->op->write_bytes) / r->op_ns : 0;
}

/* Ceiling and operator move the same bytes, so the ratio of bandwidths is that of times. */
double bench_ratio(const struct bench_result *r)
{
    return r->op_ns > 0 ? r->ceiling_ns / r->op_ns : 0;
}

static double ceiling_gbps(const struct bench_result *r)
{
    return r->ceiling_ns > 0 ? (double)(r->op->read_bytes + r->op->write_bytes) / r->ceiling_ns : 0;
}

static double copy_gbps(const struct bench_result *r)
{
    return r->copy_ns > 0 ? (double)(r->op->read_bytes + r->op->write_bytes) / r->copy_ns : 0;
}

bool bench_meets_target(const struct bench_result *r)
{
    double target = bench_target_ratio(r->op->target);
    if (r->op->target == BENCH_TARGET_TINY)
        return r->op_ns <= target * r->empty_ns;
    return bench_ratio(r) >= target;
}

/* "ok", "-" (no target) or how far below its target the case is. */
static void verdict(const struct bench_result *r, char *out, size_t size)
{
    double target = bench_target_ratio(r->op->target);
    if (r->mismatches || !r->verified)
        snprintf(out, size, "WRONG OUTPUT");
    else if (r->op->target == BENCH_TARGET_NONE)
        snprintf(out, size, "-");
    else if (bench_meets_target(r))
        snprintf(out, size, "ok");
    else if (r->op->target == BENCH_TARGET_TINY)
        snprintf(out, size, "miss: %.2fx empty", r->op_ns / r->empty_ns);
    else
        snprintf(out, size, "miss by %.0f%%", 100.0 * (target - bench_ratio(r)) / target);
}

static void format_row(const struct bench_result *r, const char *sep, char *out, size_t size)
{
    char status[32], extra[64] = "", dispatches[24];
    verdict(r, status, sizeof(status));
    int n = snprintf(dispatches, sizeof(dispatches), "%u", r->dispatches);
    if (r->copy_engine)
        snprintf(dispatches + n, sizeof(dispatches) - (size_t)n, " (%u copy)", r->copy_engine);
    if (r->op->target == BENCH_TARGET_TINY)
        snprintf(extra, sizeof(extra), " (%.1f us vs empty %.1f us)", r->op_ns / 1e3,
                 r->empty_ns / 1e3);
    snprintf(out, size, "%s%-22s%s%u%s%8.1f%s%7.1f%s%7.1f%s%5.2f%s%7.1f%s%-9s%s%s%s%s\n", sep,
             r->op->name, sep, r->op->elem_bytes, sep,
             (r->op->read_bytes + r->op->write_bytes) / MIB, sep, bench_gbps(r), sep,
             ceiling_gbps(r), sep, bench_ratio(r), sep, copy_gbps(r), sep, dispatches, sep, status,
             extra, sep);
}

void bench_print_table(const struct bench_run_info *info, const struct bench_result *results,
                       uint32_t count, const struct bench_cpu *cpu)
{
    char row[256];
    printf("\n%s | %s | %s\n%s\n", info->device, info->driver, info->date, info->engines);
    printf("%-22s E   MiB r+w    GB/s ceiling ratio copyeng disp      status\n", "case");
    for (uint32_t i = 0; i < count; ++i)
    {
        format_row(&results[i], " ", row, sizeof(row));
        fputs(row + 1, stdout);
    }
    printf("CPU: RecordDispatch %.0f ns/call (median; mean %.0f; the same commands through Vulkan "
           "alone %.0f; the clock reads alone %.0f); CompileOperator first in process %.3f ms, "
           "first of each case (median) %.3f ms, again (median) %.3f ms; specialised pipelines in "
           "use %.1f ms after the first compile's start (median; longest %.1f ms)\n",
           cpu->record_ns, cpu->record_mean_ns, cpu->record_raw_ns, cpu->clock_ns,
           cpu->compile_cold_ms, cpu->compile_first_median_ms, cpu->compile_warm_ms,
           cpu->specialized_median_ms, cpu->specialized_max_ms);
}

#define CSV_HEADER                                                                                 \
    "case,elem_bytes,target,read_bytes,write_bytes,op_ns,ceiling_ns,copy_ns,empty_ns,gbps,"        \
    "ceiling_gbps,copy_gbps,ratio,dispatches,copy_engine_dispatches,compile_first_ms,"             \
    "compile_warm_ms,verified,mismatches,meets_target,specialized_ms\n"

FILE *bench_csv_begin(const char *path)
{
    FILE *f = fopen(path, "w");
    if (f && (fputs(CSV_HEADER, f) < 0 || fflush(f)))
    {
        fclose(f);
        return NULL;
    }
    return f;
}

void bench_csv_row(FILE *f, const struct bench_result *r)
{
    fprintf(
        f,
        "%s,%u,%s,%llu,%llu,%.0f,%.0f,%.0f,%.0f,%.1f,%.1f,%.1f,%.4f,%u,%u,%.4f,%.4f,%d,%llu,%d,"
        "%.3f\n",
        r->op->name, r->op->elem_bytes, bench_target_name(r->op->target),
        (unsigned long long)r->op->read_bytes, (unsigned long long)r->op->write_bytes, r->op_ns,
        r->ceiling_ns, r->copy_ns, r->empty_ns, bench_gbps(r), ceiling_gbps(r), copy_gbps(r),
        bench_ratio(r), r->dispatches, r->copy_engine, r->compile_first_ms, r->compile_warm_ms,
        r->verified, (unsigned long long)r->mismatches, bench_meets_target(r), r->specialized_ms);
    fflush(f);
}

int bench_write_csv(const char *path, const struct bench_result *results, uint32_t count)
{
    FILE *f = bench_csv_begin(path);
    if (!f)
        return perror(path), 1;
    for (uint32_t i = 0; i < count; ++i)
        bench_csv_row(f, &results[i]);
    return fclose(f) ? 1 : 0;
}

int bench_write_markdown(const char *path, const struct bench_run_info *info,
                         const struct bench_result *results, uint32_t count,
                         const struct bench_cpu *cpu)
{
    char row[256];
    FILE *f = fopen(path, "w");
    if (!f)
        return perror(path), 1;
    fprintf(f,
            "Command: `%s`  \nDate: %s  \nDevice: %s  \nDriver: %s  \nRuns: median of %u after %u "
            "warm-up  \n%s\n\n",
            info->command, info->date, info->device, info->driver, info->runs, info->warmup,
            info->engines);
    fprintf(f, "| case | E | MiB r+w | GB/s | ceiling GB/s | ratio | vkCmdCopyBuffer GB/s | "
               "dispatches (copy: by vkCmdCopyBuffer) | target "
               "|\n|---|---|---|---|---|---|---|---|---|\n");
    for (uint32_t i = 0; i < count; ++i)
    {
        format_row(&results[i], "|", row, sizeof(row));
        fputs(row, f);
    }
    fprintf(f,
            "\nCPU: RecordDispatch %.0f ns per call (median of 2000 single calls; mean %.0f; "
            "the same bind, push and dispatch through Vulkan alone %.0f; the clock reads "
            "around a call, included in both, %.0f). CompileOperator: first in the process "
            "%.3f ms, first of each case (median) %.3f ms, the same shape again (median) "
            "%.3f ms. Specialised pipelines (built in the background) in use %.1f ms after the "
            "first compile's start (median; longest %.1f ms).\n",
            cpu->record_ns, cpu->record_mean_ns, cpu->record_raw_ns, cpu->clock_ns,
            cpu->compile_cold_ms, cpu->compile_first_median_ms, cpu->compile_warm_ms,
            cpu->specialized_median_ms, cpu->specialized_max_ms);
    return fclose(f) ? 1 : 0;
}
