/* dmlops bench: GPU time of every operator of a fixed suite at element sizes 1, 2, 4 and 8,
 * against a 16-byte-per-thread copy of the same byte count and vkCmdCopyBuffer measured in the
 * same run, plus the CPU side (CompileOperator, RecordDispatch). The metric is the one of
 * shared/perf/README.md: (bytes read once + bytes written) / median GPU time. */
#ifndef DMLOPS_BENCH_H
#define DMLOPS_BENCH_H

#include <stdbool.h>
#include <stdint.h>

#include <DirectML.h>

#define BENCH_MAX_RANK 8
#define BENCH_MAX_OUTPUTS 32
#define BENCH_NAME_BYTES 48
#define BENCH_ELEM_SIZES 4

/* What a case is measured against (shared/perf/README.md, "Targets"). */
enum bench_target
{
    BENCH_TARGET_CONTIGUOUS, /* innermost run contiguous after merging: 0.95 of the ceiling */
    BENCH_TARGET_REVERSED,   /* reversed innermost dimension: 0.92 */
    BENCH_TARGET_PADDING,    /* every padding mode: 0.92 */
    BENCH_TARGET_TRANSPOSE,  /* input and output disagree on the fastest dimension: 0.80 */
    BENCH_TARGET_NONE,       /* L2-sized: reported only */
    BENCH_TARGET_TINY,       /* output <= 64 KiB: GPU time within 1.3 x an empty dispatch */
    BENCH_TARGET_FUSED,      /* a fused graph (issue 14): 0.92, a chain costs one operator */
    BENCH_TARGET_RANDOM,     /* a gather of rows in random order: 0.80 (issue 15) */
    BENCH_TARGET_WRITE_ONLY, /* generators (nothing read): 0.95 of the write-only ceiling */
    BENCH_TARGET_COUNT
};

struct bench_tensor
{
    uint32_t rank;
    uint32_t sizes[BENCH_MAX_RANK];
    uint32_t strides[BENCH_MAX_RANK]; /* elements */
    uint64_t bytes;                   /* DMLCalcBufferTensorSize */
};

/* One operator instance of the suite, with everything needed to build its DirectML desc and to
 * compute its expected output on the host. */
struct bench_op
{
    char name[BENCH_NAME_BYTES];
    enum bench_target target;
    DML_OPERATOR_TYPE type; /* SLICE1, SPLIT, PADDING1, JOIN, ELEMENT_WISE_IDENTITY, TILE, ... */
    uint32_t elem_bytes;
    struct bench_tensor input;
    uint32_t output_count;
    struct bench_tensor outputs[BENCH_MAX_OUTPUTS];
    uint32_t offsets[BENCH_MAX_RANK]; /* SLICE1 */
    uint32_t window[BENCH_MAX_RANK];
    int32_t steps[BENCH_MAX_RANK];
    uint32_t axis;        /* SPLIT, JOIN */
    uint32_t input_count; /* JOIN: inputs[k] at byte in_offsets[k] of the input buffer */
    struct bench_tensor inputs[BENCH_MAX_OUTPUTS];
    uint64_t in_offsets[BENCH_MAX_OUTPUTS];
    DML_PADDING_MODE mode; /* PADDING1 */
    uint32_t start[BENCH_MAX_RANK], end[BENCH_MAX_RANK];
    uint64_t pad_bits; /* the pad value's element bits (low elem_bytes bytes); the fills' value
                          and start, the diagonals' value */
    uint64_t delta_bits;  /* FILL_VALUE_SEQUENCE */
    int32_t band[2];      /* DIAGONAL_MATRIX: Offset, Offset + 1; DIAGONAL_MATRIX1: Begin, End */
    uint64_t read_bytes, write_bytes;
    uint32_t graph;   /* a graph case (bench_graph.h): its kind + 1; 0: an operator */
    bool graph_fused; /* graph cases: compiled with fusion on */
    /* GATHER, SCATTER_ND, ONE_HOT (bench_index.c): their inputs are inputs[] at in_offsets[], as
     * JOIN's, the indices INT32: (i * index_mul + index_add) mod index_range for index i. */
    uint32_t index_mul, index_add, index_range;
};

/* bench_suite.c: the suite. short_mode shrinks every shape to a few KiB (CI on lavapipe). Fills
 * at most max ops and returns how many the suite has. */
uint32_t bench_suite(bool short_mode, struct bench_op *ops, uint32_t max);
/* Dense strides and byte size of t from its sizes. */
void bench_tensor_dense(struct bench_tensor *t, uint32_t elem_bytes);
DML_TENSOR_DATA_TYPE bench_data_type(uint32_t elem_bytes);
double bench_target_ratio(enum bench_target target);
const char *bench_target_name(enum bench_target target);

/* bench_index.c: the index-carrying cases (GATHER, SCATTER_ND, ONE_HOT). */
bool bench_is_indexed(const struct bench_op *op);
/* Which of the case's inputs holds the indices. */
uint32_t bench_index_input(const struct bench_op *op);
/* Index i of the case's index tensor. */
int32_t bench_index_value(const struct bench_op *op, uint64_t i);
/* bench_generators.c: generators read nothing: they bind no input. */
bool bench_op_reads_nothing(const struct bench_op *op);
/* One measured case. Times in nanoseconds (GPU: medians of timestamp pairs). */
struct bench_result
{
    const struct bench_op *op;
    double op_ns, ceiling_ns, copy_ns, empty_ns;
    double compile_first_ms, compile_warm_ms;
    double specialized_ms; /* from the first compile's start until its specialized pipelines
                              were built (bench_wait_specialized) */
    uint32_t dispatches;  /* as recorded: vkCmdDispatch count is the library's business */
    uint32_t copy_engine; /* of those, how many the copy engine carries (vkCmdCopyBuffer) */
    bool verified;
    uint64_t mismatches;
};

double bench_gbps(const struct bench_result *r);
double bench_ratio(const struct bench_result *r);
/* True when the case meets its target (tiny: against the empty dispatch). */
bool bench_meets_target(const struct bench_result *r);

/* CPU-side numbers of one run. */
struct bench_cpu
{
    double record_ns;       /* RecordDispatch per call, tiny operator: median of single calls */
    double record_mean_ns;  /* the same, mean (command buffer growth included) */
    double record_raw_ns;   /* bind + 128-byte push + dispatch through Vulkan alone: median */
    double clock_ns;        /* the two clock reads around each timed call: median */
    double compile_cold_ms; /* the first CompileOperator of the process */
    double compile_warm_ms; /* median over the suite of a second CompileOperator of one shape */
    double compile_first_median_ms; /* median over the suite of the first compile of each case */
    double specialized_median_ms;   /* median over the suite of specialized_ms */
    double specialized_max_ms;      /* the longest specialized_ms */
};

struct bench_run_info
{
    char device[256];
    char driver[256];
    char date[64];
    char command[512];
    char engines[512]; /* the library's choice of copy engine on this device, and why */
    uint32_t runs, warmup;
    bool short_mode;
};

/* bench_report.c */
void bench_print_table(const struct bench_run_info *info, const struct bench_result *results,
                       uint32_t count, const struct bench_cpu *cpu);
int bench_write_csv(const char *path, const struct bench_result *results, uint32_t count);
int bench_write_svg(const char *path, const struct bench_run_info *info,
                    const struct bench_result *results, uint32_t count);
int bench_write_markdown(const char *path, const struct bench_run_info *info,
                         const struct bench_result *results, uint32_t count,
                         const struct bench_cpu *cpu);

/* bench_main.c: `dmlops bench [options]`; returns the process exit status. */
int bench_main(int argc, char **argv);

#endif
