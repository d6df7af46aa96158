/* The fuzz harness shared by the libFuzzer target and the corpus replay test. */
#ifndef DMLOPS_FUZZ_HARNESS_H
#define DMLOPS_FUZZ_HARNESS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <dmlops.h>

/* Runs one input: CreateOperator on a device capped at the input's feature level and, for a
 * desc it accepts, CompileOperator, the initializer, binding tables and execution on buffers of
 * the required sizes, whose every byte is then compared with the C reference (reference/).
 * Returns NULL when the library behaved, or what it did wrong (a finding).
 * Crashes, sanitizer reports and Vulkan validation messages (DMLOPS_VALIDATION=fatal) abort. */
const char *fuzz_case_run(const uint8_t *data, size_t size);

#define FUZZ_STATS_TYPES 256

/* What the cases run so far reached: counted by the harness, printed by the replay test and
 * asserted on (a corpus that never reaches execution tests little). */
struct fuzz_stats
{
    uint64_t cases;    /* decoded */
    uint64_t accepted; /* CreateOperator returned an operator */
    uint64_t compiled; /* CompileOperator returned a compiled operator */
    uint64_t executed; /* the operator ran on the device */
    uint64_t compared; /* and every byte it left matched the C reference */
    /* compared, by operator type (DML_OPERATOR_TYPE below FUZZ_STATS_TYPES) */
    uint32_t compared_of[FUZZ_STATS_TYPES];
};

extern struct fuzz_stats fuzz_stats;

/* fuzz_device.c: the device for a feature-level cap (0: none), created once with
 * DML_CREATE_DEVICE_FLAG_DEBUG and muted unless print_debug or FUZZ_DEBUG is set. */
IDMLDevice *fuzz_device_get(DML_FEATURE_LEVEL level, bool print_debug);
/* Creates the device of every cap and runs each documentation example on it once. */
void fuzz_device_warm_up(void);
/* Forgets a device after a finding, so that later cases get a fresh one. */
void fuzz_device_discard(DML_FEATURE_LEVEL level);
void fuzz_device_release_all(void);

/* fuzz_exec.c: CompileOperator and everything after it, for an operator CreateOperator made. */
struct fuzz_case;
const char *fuzz_execute(IDMLDevice *device, const struct fuzz_case *c, IDMLOperator *op);

/* Tensors whose bindings add up to more than this are compiled but not executed. */
#define FUZZ_EXECUTE_MAX_BYTES (16u << 20)

/* A finding's text (one static buffer: the harness stops at the first finding). */
const char *fuzz_finding(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

#endif
