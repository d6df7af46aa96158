/* libdmlops.so is linked from the whole dmlops_core archive; this file only gives the target a source. */
typedef int dmlops_empty_translation_unit;
