/* The benchmark's outputs beyond bench.h's: bench.csv written row by row as cases finish, and the
 * picture redrawn from a CSV written before (`dmlops bench --from-csv`). */
#ifndef DMLOPS_BENCH_REPORT_H
#define DMLOPS_BENCH_REPORT_H

#include <stdio.h>

#include "bench.h"

struct bench_progress
{
    FILE *csv; /* NULL: rows are not written as they come */
};

/* Creates path with the CSV header line; NULL (errno set) when it cannot. */
FILE *bench_csv_begin(const char *path);
/* One case's row, flushed. */
void bench_csv_row(FILE *csv, const struct bench_result *r);

/* Reads a bench.csv and writes out_dir/bench.svg from it; title names the run (device, driver,
 * date), NULL for the CSV's path. Returns the exit status: 0, 1 (cannot write), 2 (bad CSV). */
int bench_redraw(const char *csv_path, const char *out_dir, const char *title);

#endif
