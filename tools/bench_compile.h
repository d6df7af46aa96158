/* `dmlops bench`: the CPU cost of IDMLDevice1::CompileGraph on chains of SLICE1 nodes, cold and
 * warm, next to a warm CompileOperator of one node (issue 13 item 5). */
#ifndef DMLOPS_BENCH_COMPILE_H
#define DMLOPS_BENCH_COMPILE_H

#define COBJMACROS
#include <DirectML.h>

/* Prints one line per measurement on stdout; returns 0, or 1 when a compile failed. */
int bench_compile_graphs(IDMLDevice *device);

#endif
