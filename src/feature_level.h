/* Feature levels: their names, the level libdmlops reports, the per-operator feature-level tables
 * of spec section 2 (as data) and CheckFeatureSupport (spec 4.3, decisions D2 and D14). */
#ifndef DMLOPS_FEATURE_LEVEL_H
#define DMLOPS_FEATURE_LEVEL_H

#include <stdbool.h>
#include <stdint.h>

#include <DirectML.h>

/* D17: the highest level whose rules are all implemented for every implemented operator. */
#define DML_FEATURE_LEVEL_MAX_SUPPORTED DML_FEATURE_LEVEL_6_4

/* "DML_FEATURE_LEVEL_3_0"; "(undefined)" for a value that is not a DML_FEATURE_LEVEL. */
const char *dml_feature_level_name(DML_FEATURE_LEVEL level);
bool dml_feature_level_is_known(DML_FEATURE_LEVEL level);

/* Data-type masks for the tables: bit (1 << DML_TENSOR_DATA_TYPE_x). */
#define DML_TYPE_BIT(name) (1u << DML_TENSOR_DATA_TYPE_##name)
#define DML_TYPES_FLOAT (DML_TYPE_BIT(FLOAT32) | DML_TYPE_BIT(FLOAT16))
#define DML_TYPES_6T                                                                               \
    (DML_TYPES_FLOAT | DML_TYPE_BIT(INT32) | DML_TYPE_BIT(INT16) | DML_TYPE_BIT(UINT32) |          \
     DML_TYPE_BIT(UINT16))
#define DML_TYPES_8T (DML_TYPES_6T | DML_TYPE_BIT(INT8) | DML_TYPE_BIT(UINT8))
#define DML_TYPES_11T                                                                              \
    (DML_TYPES_8T | DML_TYPE_BIT(FLOAT64) | DML_TYPE_BIT(INT64) | DML_TYPE_BIT(UINT64))

/* Padding-mode masks: bit (1 << DML_PADDING_MODE_x). */
#define DML_MODE_BIT(name) (1u << DML_PADDING_MODE_##name)
#define DML_MODES_CER (DML_MODE_BIT(CONSTANT) | DML_MODE_BIT(EDGE) | DML_MODE_BIT(REFLECTION))
#define DML_MODES_CERS (DML_MODES_CER | DML_MODE_BIT(SYMMETRIC))
#define DML_MODES_ALL (DML_MODES_CERS | DML_MODE_BIT(WRAP))

/* From this level on (until the next row), the operator accepts these tensors and modes. */
struct dml_fl_row
{
    DML_FEATURE_LEVEL level;
    uint8_t min_dims, max_dims;
    uint16_t types; /* DML_TYPE_BIT mask */
    uint8_t modes;  /* DML_MODE_BIT mask; 0 for operators without a padding mode */
};

/* One operator's rows, in ascending level order; rows[0].level introduced the operator. */
struct dml_fl_table
{
    const struct dml_fl_row *rows;
    uint32_t count;
};

#define DML_FL_TABLE(rows_)                                                                        \
    {                                                                                              \
        rows_, sizeof(rows_) / sizeof((rows_)[0])                                                  \
    }

enum dml_fl_field
{
    DML_FL_DIMS,
    DML_FL_TYPE,
    DML_FL_MODE,
};

/* The row in force at level; NULL when the operator does not exist yet at that level. */
const struct dml_fl_row *dml_fl_row_at(const struct dml_fl_table *table, DML_FEATURE_LEVEL level);
bool dml_fl_row_allows(const struct dml_fl_row *row, enum dml_fl_field field, uint32_t value);
/* The lowest level whose row allows value; 0 when no level does. */
DML_FEATURE_LEVEL dml_fl_lowest_allowing(const struct dml_fl_table *table, enum dml_fl_field field,
                                         uint32_t value);

#endif
