/* Debug output in the style of DirectML's debug layer: one line per message on stderr, prefixed
 * "[DIRECTML ERROR]: ", printed only when the device was created with DML_CREATE_DEVICE_FLAG_DEBUG
 * or the environment has DMLOPS_DEBUG=1. */
#ifndef DMLOPS_DIAG_H
#define DMLOPS_DIAG_H

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>

#define DML_DIAG_PREFIX "[DIRECTML ERROR]: "

/* DMLOPS_DEBUG is set to a non-empty value other than "0". */
bool dml_diag_env_enabled(void);

void dml_diag_print(bool enabled, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void dml_diag_vprint(bool enabled, const char *fmt, va_list args);

/* Where lines go (NULL: stderr). For tests. */
void dml_diag_set_stream(FILE *stream);

#endif
