/* The benchmark's picture: one group of four horizontal bars (element sizes 1, 2, 4, 8) per case.
 * DRAM- and L2-sized cases show bandwidth / the same-run copy ceiling; tiny cases, on an axis of
 * their own below, their GPU time / an empty dispatch's (lower is better). A bar beyond its axis
 * ends in an arrow with its value; a black tick marks each case's target. */
#define _POSIX_C_SOURCE 200809L /* open_memstream */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"

#define SVG_WIDTH 900
#define SVG_LEFT 200 /* case names end here */
#define SVG_PLOT 560 /* axis length in pixels */
#define SVG_BAR 7
#define SVG_GROUP (BENCH_ELEM_SIZES * SVG_BAR + 7)
#define SVG_LINE 15  /* title line height */
#define SVG_WRAP 125 /* title characters per line */

static const char *const colors[BENCH_ELEM_SIZES] = {"#d62728", "#ff7f0e", "#2ca02c", "#1f77b4"};

struct panel
{
    const char *heading;
    bool tiny;        /* which cases it shows */
    double max, step; /* axis */
};

static bool is_tiny(const struct bench_result *r)
{
    return r->op->target == BENCH_TARGET_TINY;
}

static double value(const struct bench_result *r)
{
    if (is_tiny(r))
        return r->empty_ns > 0 ? r->op_ns / r->empty_ns : 0;
    return bench_ratio(r);
}

static int slot(uint32_t elem_bytes)
{
    return elem_bytes == 1 ? 0 : elem_bytes == 2 ? 1 : elem_bytes == 4 ? 2 : 3;
}

/* Text with XML's special characters escaped. */
static void put_text(FILE *f, const char *text)
{
    for (; *text; ++text)
    {
        static const char *const escapes[] = {
            ['&'] = "&amp;", ['<'] = "&lt;", ['>'] = "&gt;", ['\''] = "&apos;"};
        unsigned char c = (unsigned char)*text;
        if (c < sizeof(escapes) / sizeof(escapes[0]) && escapes[c])
            fputs(escapes[c], f);
        else
            fputc(c, f);
    }
}

static bool new_group(const struct bench_result *results, uint32_t i)
{
    return !i || strcmp(results[i].op->name, results[i - 1].op->name);
}

static uint32_t group_count(const struct bench_result *results, uint32_t count, bool tiny)
{
    uint32_t groups = 0;
    for (uint32_t i = 0; i < count; ++i)
        groups += is_tiny(&results[i]) == tiny && new_group(results, i);
    return groups;
}

static double x_of(const struct panel *p, double v)
{
    return SVG_LEFT + (v > p->max ? p->max : v) / p->max * SVG_PLOT;
}

static void bar(FILE *f, const struct panel *p, const struct bench_result *r, double y)
{
    int s = slot(r->op->elem_bytes);
    double v = value(r), top = y + s * SVG_BAR, end = x_of(p, v);
    fprintf(f, "<rect x='%d' y='%.0f' width='%.1f' height='%d' fill='%s'/>\n", SVG_LEFT, top,
            end - SVG_LEFT, SVG_BAR - 1, colors[s]);
    if (v > p->max) /* clipped: an arrow past the axis end, and the value */
        fprintf(f,
                "<path d='M%.1f %.1f l6 %.1f l-6 %.1f z' fill='%s'/><text x='%.1f' y='%.1f' "
                "font-size='9'>%.2f</text>\n",
                end, top - 0.5, SVG_BAR / 2.0, SVG_BAR / 2.0, colors[s], end + 8, top + SVG_BAR - 1,
                v);
    if (r->op->target != BENCH_TARGET_NONE)
    {
        double t = x_of(p, bench_target_ratio(r->op->target));
        fprintf(f, "<line x1='%.1f' x2='%.1f' y1='%.0f' y2='%.0f' stroke='black'/>\n", t, t, top,
                top + SVG_BAR);
    }
}

/* Draws panel p from y; returns the y below it. */
static double draw_panel(FILE *f, const struct panel *p, const struct bench_result *results,
                         uint32_t count, double y)
{
    double top = y + 12, bottom = top + group_count(results, count, p->tiny) * SVG_GROUP;
    fprintf(f, "<text x='10' y='%.0f' font-size='11' font-weight='bold'>", y + 4);
    put_text(f, p->heading);
    fputs("</text>\n", f);
    for (double t = 0; t <= p->max + 1e-9; t += p->step)
        fprintf(f,
                "<line x1='%.1f' x2='%.1f' y1='%.0f' y2='%.0f' stroke='#ccc'/><text x='%.1f' "
                "y='%.0f' text-anchor='middle'>%.1f</text>\n",
                x_of(p, t), x_of(p, t), top - 4, bottom, x_of(p, t), bottom + 12, t);
    double g = top - SVG_GROUP;
    for (uint32_t i = 0; i < count; ++i)
    {
        if (is_tiny(&results[i]) != p->tiny)
            continue;
        if (new_group(results, i))
        {
            g += SVG_GROUP;
            fprintf(f, "<text x='%d' y='%.0f' text-anchor='end'>", SVG_LEFT - 6, g + 2.5 * SVG_BAR);
            put_text(f, results[i].op->name);
            fputs("</text>\n", f);
        }
        bar(f, p, &results[i], g);
    }
    return bottom + 30;
}

/* The title, wrapped at word boundaries so that none of it is cut; returns the y below it. */
static double draw_title(FILE *f, const char *text, double y)
{
    size_t len = strlen(text);
    while (len)
    {
        size_t n = len;
        if (n > SVG_WRAP)
            for (n = SVG_WRAP; n > SVG_WRAP / 2 && text[n] != ' '; --n)
                ;
        fprintf(f, "<text x='10' y='%.0f' font-size='12'>", y);
        for (size_t i = 0; i < n; ++i)
            put_text(f, (char[2]){text[i], 0});
        fputs("</text>\n", f);
        text += n;
        len -= n;
        while (*text == ' ')
            ++text, --len;
        y += SVG_LINE;
    }
    return y;
}

static double tiny_axis_max(const struct bench_result *results, uint32_t count)
{
    double max = bench_target_ratio(BENCH_TARGET_TINY);
    for (uint32_t i = 0; i < count; ++i)
        max = is_tiny(&results[i]) && value(&results[i]) > max ? value(&results[i]) : max;
    return (int)(max * 2 + 1) / 2.0; /* the next half above */
}

/* Everything below the <svg> element; returns the height it takes. */
static double draw_body(FILE *f, const struct bench_run_info *info,
                        const struct bench_result *results, uint32_t count)
{
    char title[1200];
    struct panel panels[] = {
        {"Bandwidth / the same run's 16-byte copy ceiling (higher is better)", false, 1.2, 0.2},
        {"Tiny cases (output <= 64 KiB): GPU time / an empty dispatch's (lower is better)", true,
         tiny_axis_max(results, count), 0.5},
    };
    snprintf(title, sizeof(title),
             "libdmlops, dmlops bench: %s, %s, %s. Black ticks: each case's target; a bar ending "
             "in an arrow goes beyond the axis, its value beside it.",
             info->device, info->driver, info->date);
    double y = draw_title(f, title, 18) + 4;
    for (int s = 0; s < BENCH_ELEM_SIZES; ++s)
        fprintf(f,
                "<rect x='%d' y='%.0f' width='10' height='10' fill='%s'/><text x='%d' "
                "y='%.0f'>%d byte%s</text>\n",
                10 + s * 90, y, colors[s], 24 + s * 90, y + 9, 1 << s, s ? "s" : "");
    y += 34;
    for (size_t p = 0; p < sizeof(panels) / sizeof(panels[0]); ++p)
        if (group_count(results, count, panels[p].tiny))
            y = draw_panel(f, &panels[p], results, count, y);
    return y;
}

int bench_write_svg(const char *path, const struct bench_run_info *info,
                    const struct bench_result *results, uint32_t count)
{
    char *body = NULL;
    size_t size = 0;
    FILE *mem = open_memstream(&body, &size);
    if (!mem)
        return perror("open_memstream"), 1;
    double height = draw_body(mem, info, results, count);
    if (fclose(mem))
        return free(body), 1;
    FILE *f = fopen(path, "w");
    if (!f)
        return perror(path), free(body), 1;
    fprintf(f,
            "<svg xmlns='http://www.w3.org/2000/svg' width='%d' height='%.0f' "
            "font-family='sans-serif' font-size='10'>\n<rect width='100%%' height='100%%' "
            "fill='white'/>\n%s</svg>\n",
            SVG_WIDTH, height, body);
    free(body);
    return fclose(f) ? 1 : 0;
}
