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
             ceiling_gbps(r), sep, bench_ratio(r), sep, copy_gbps(r), sep, dispatches, sep,
             status, extra, sep);
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
           "first of each case (median) %.3f ms, again (median) %.3f ms\n",
           cpu->record_ns, cpu->record_mean_ns, cpu->record_raw_ns, cpu->clock_ns,
           cpu->compile_cold_ms, cpu->compile_first_median_ms, cpu->compile_warm_ms);
}

int bench_write_csv(const char *path, const struct bench_result *results, uint32_t count)
{
    FILE *f = fopen(path, "w");
    if (!f)
        return perror(path), 1;
    fprintf(f, "case,elem_bytes,target,read_bytes,write_bytes,op_ns,ceiling_ns,copy_ns,empty_ns,"
               "gbps,ceiling_gbps,copy_gbps,ratio,dispatches,copy_engine_dispatches,compile_first_ms,"
               "compile_warm_ms,verified,mismatches,meets_target\n");
    for (uint32_t i = 0; i < count; ++i)
    {
        const struct bench_result *r = &results[i];
        fprintf(
            f,
            "%s,%u,%s,%llu,%llu,%.0f,%.0f,%.0f,%.0f,%.1f,%.1f,%.1f,%.4f,%u,%u,%.4f,%.4f,%d,%llu,%d\n",
            r->op->name, r->op->elem_bytes, bench_target_name(r->op->target),
            (unsigned long long)r->op->read_bytes, (unsigned long long)r->op->write_bytes, r->op_ns,
            r->ceiling_ns, r->copy_ns, r->empty_ns, bench_gbps(r), ceiling_gbps(r), copy_gbps(r),
            bench_ratio(r), r->dispatches, r->copy_engine, r->compile_first_ms, r->compile_warm_ms, r->verified,
            (unsigned long long)r->mismatches, bench_meets_target(r));
    }
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
               "dispatches (copy: by vkCmdCopyBuffer) | target |\n|---|---|---|---|---|---|---|---|---|\n");
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
            "%.3f ms.\n",
            cpu->record_ns, cpu->record_mean_ns, cpu->record_raw_ns, cpu->clock_ns,
            cpu->compile_cold_ms, cpu->compile_first_median_ms, cpu->compile_warm_ms);
    return fclose(f) ? 1 : 0;
}

/* SVG: one group of four horizontal bars (E = 1, 2, 4, 8) per case, the ratio to the ceiling
 * (tiny cases: empty dispatch time / operator time), and a tick at the case's target. */
#define SVG_LEFT 190
#define SVG_SCALE 500.0 /* pixels for ratio 1 */
#define SVG_BAR 6
#define SVG_TOP 60

static const char *const svg_colors[BENCH_ELEM_SIZES] = {"#d62728", "#ff7f0e", "#2ca02c",
                                                         "#1f77b4"};

static double svg_value(const struct bench_result *r)
{
    if (r->op->target == BENCH_TARGET_TINY)
        return r->op_ns > 0 ? r->empty_ns / r->op_ns : 0;
    return bench_ratio(r);
}

static double svg_target(const struct bench_result *r)
{
    double t = bench_target_ratio(r->op->target);
    return r->op->target == BENCH_TARGET_TINY ? 1.0 / t : t;
}

static int svg_slot(uint32_t elem_bytes)
{
    return elem_bytes == 1 ? 0 : elem_bytes == 2 ? 1 : elem_bytes == 4 ? 2 : 3;
}

static void svg_case(FILE *f, const struct bench_result *r, double y)
{
    int slot = svg_slot(r->op->elem_bytes);
    double v = svg_value(r), w = (v > 1.2 ? 1.2 : v) * SVG_SCALE;
    if (slot == 0)
        fprintf(f, "<text x='%d' y='%.0f' text-anchor='end'>%s</text>\n", SVG_LEFT - 6,
                y + 2.5 * SVG_BAR, r->op->name);
    fprintf(f, "<rect x='%d' y='%.0f' width='%.1f' height='%d' fill='%s'/>\n", SVG_LEFT,
            y + slot * SVG_BAR, w, SVG_BAR - 1, svg_colors[slot]);
    if (r->op->target != BENCH_TARGET_NONE)
        fprintf(f, "<line x1='%.1f' x2='%.1f' y1='%.0f' y2='%.0f' stroke='black'/>\n",
                SVG_LEFT + svg_target(r) * SVG_SCALE, SVG_LEFT + svg_target(r) * SVG_SCALE,
                y + slot * SVG_BAR, y + (slot + 1) * SVG_BAR);
}

static void svg_axes(FILE *f, double bottom)
{
    for (int t = 0; t <= 12; t += 2)
    {
        double x = SVG_LEFT + t / 10.0 * SVG_SCALE;
        fprintf(f, "<line x1='%.0f' x2='%.0f' y1='%d' y2='%.0f' stroke='#ccc'/>\n", x, x,
                SVG_TOP - 5, bottom);
        fprintf(f, "<text x='%.0f' y='%.0f' text-anchor='middle'>%.1f</text>\n", x, bottom + 14,
                t / 10.0);
    }
    for (int s = 0; s < BENCH_ELEM_SIZES; ++s)
        fprintf(f,
                "<rect x='%d' y='30' width='10' height='10' fill='%s'/><text x='%d' y='39'>%d "
                "byte%s</text>\n",
                SVG_LEFT + s * 90, svg_colors[s], SVG_LEFT + s * 90 + 14, 1 << s, s ? "s" : "");
}

int bench_write_svg(const char *path, const struct bench_run_info *info,
                    const struct bench_result *results, uint32_t count)
{
    FILE *f = fopen(path, "w");
    if (!f)
        return perror(path), 1;
    double group = BENCH_ELEM_SIZES * SVG_BAR + 6, bottom = SVG_TOP;
    for (uint32_t i = 0; i < count; ++i)
        bottom +=
            (i + 1 == count || strcmp(results[i].op->name, results[i + 1].op->name)) ? group : 0;
    fprintf(f,
            "<svg xmlns='http://www.w3.org/2000/svg' width='%d' height='%.0f' "
            "font-family='sans-serif' font-size='10'>\n<rect width='100%%' height='100%%' "
            "fill='white'/>\n",
            SVG_LEFT + 660, bottom + 40);
    fprintf(f,
            "<text x='10' y='16' font-size='12'>libdmlops: bandwidth / 16-byte copy ceiling "
            "(tiny: empty dispatch time / time); ticks: targets. %s, %s, %s</text>\n",
            info->device, info->driver, info->date);
    svg_axes(f, bottom);
    double y = SVG_TOP;
    for (uint32_t i = 0; i < count; ++i)
    {
        svg_case(f, &results[i], y);
        if (i + 1 < count && strcmp(results[i].op->name, results[i + 1].op->name))
            y += group;
    }
    fprintf(f, "</svg>\n");
    return fclose(f) ? 1 : 0;
}
