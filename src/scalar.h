/* Conversion of PADDING's and PADDING1's padding value to the bit pattern of one output element. */
#ifndef DMLOPS_SCALAR_H
#define DMLOPS_SCALAR_H

#include <stdint.h>

#include <DirectML.h>

/* The bits of one element of element_type (in the low bytes of the result) holding value.
 * value_type == element_type: the union's bits of that type are taken as they are (D5; FLOAT16
 * is IEEE half bits in the low 16 bits). Otherwise the value is converted (D4): to FLOAT16 with
 * round-to-nearest-even (subnormals kept, overflow to infinity, NaN stays NaN), to FLOAT64
 * exactly, to integer types by truncation toward zero with saturation, NaN becoming 0. */
uint64_t dml_scalar_to_element_bits(DML_TENSOR_DATA_TYPE value_type, const DML_SCALAR_UNION *value,
                                    DML_TENSOR_DATA_TYPE element_type);

/* IEEE single bits to IEEE half bits, rounding to nearest even. */
uint16_t dml_float_bits_to_half(uint32_t bits);
/* IEEE half bits to IEEE single bits, exactly (NaN payloads kept in the top bits). */
uint32_t dml_half_bits_to_float(uint16_t bits);

#endif
