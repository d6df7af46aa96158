/* `dmlops bench --from-csv FILE`: the picture again from a bench.csv written before (a GPU run's
 * results redrawn on a machine without that GPU), without running anything. */
#define _POSIX_C_SOURCE 200809L /* strtok_r */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "bench_report.h"

#define MAX_ROWS 512

/* The columns the picture needs, by their place in CSV_HEADER (bench_report.c). */
static bool parse_row(char *line, struct bench_op *op, struct bench_result *r)
{
    char *fields[9], *save = NULL;
    unsigned n = 0;
    for (char *t = strtok_r(line, ",\n", &save); t && n < 9; t = strtok_r(NULL, ",\n", &save))
        fields[n++] = t;
    if (n < 9 || strlen(fields[0]) >= sizeof(op->name))
        return false;
    memset(op, 0, sizeof(*op));
    memset(r, 0, sizeof(*r));
    snprintf(op->name, sizeof(op->name), "%s", fields[0]);
    op->elem_bytes = (uint32_t)strtoul(fields[1], NULL, 10);
    op->target = BENCH_TARGET_COUNT;
    for (enum bench_target t = 0; t < BENCH_TARGET_COUNT; ++t)
        op->target = !strcmp(fields[2], bench_target_name(t)) ? t : op->target;
    op->read_bytes = strtoull(fields[3], NULL, 10);
    op->write_bytes = strtoull(fields[4], NULL, 10);
    r->op = op;
    r->op_ns = strtod(fields[5], NULL);
    r->ceiling_ns = strtod(fields[6], NULL);
    r->copy_ns = strtod(fields[7], NULL);
    r->empty_ns = strtod(fields[8], NULL);
    r->verified = true;
    bool size_ok =
        op->elem_bytes == 1 || op->elem_bytes == 2 || op->elem_bytes == 4 || op->elem_bytes == 8;
    return size_ok && op->target != BENCH_TARGET_COUNT;
}

static int read_csv(const char *path, struct bench_op *ops, struct bench_result *results,
                    uint32_t *count)
{
    char line[1024];
    FILE *f = fopen(path, "r");
    if (!f)
        return fprintf(stderr, "dmlops bench: --from-csv %s: %s\n", path, strerror(errno)), 2;
    *count = 0;
    bool header = fgets(line, sizeof(line), f) && !strncmp(line, "case,elem_bytes,target,", 23);
    unsigned row = 1;
    while (header && *count < MAX_ROWS && fgets(line, sizeof(line), f))
    {
        ++row;
        if (!parse_row(line, &ops[*count], &results[*count]))
        {
            fprintf(stderr, "dmlops bench: %s:%u: not a row of dmlops bench's CSV\n", path, row);
            fclose(f);
            return 2;
        }
        ++*count;
    }
    fclose(f);
    if (!header || !*count)
        return fprintf(stderr, "dmlops bench: %s: not a dmlops bench CSV with rows\n", path), 2;
    return 0;
}

int bench_redraw(const char *csv_path, const char *out_dir, const char *title)
{
    static struct bench_op ops[MAX_ROWS];
    static struct bench_result results[MAX_ROWS];
    struct bench_run_info info = {0};
    char path[1024];
    uint32_t count;
    int status = read_csv(csv_path, ops, results, &count);
    if (status)
        return status;
    if (mkdir(out_dir, 0777) && errno != EEXIST)
        return fprintf(stderr, "dmlops bench: --out %s: %s\n", out_dir, strerror(errno)), 2;
    snprintf(info.device, sizeof(info.device), "%.250s", title ? title : csv_path);
    snprintf(info.driver, sizeof(info.driver), "redrawn from %.200s", csv_path);
    snprintf(info.date, sizeof(info.date), "%u cases", count);
    snprintf(path, sizeof(path), "%s/bench.svg", out_dir);
    status = bench_write_svg(path, &info, results, count);
    if (!status)
        fprintf(stderr, "dmlops bench: wrote %s from %u rows of %s\n", path, count, csv_path);
    return status;
}
