/* Compiled by the abi_header_* tests with -Werror -pedantic as C11 and as C++17: the header
 * stands alone as the first include and survives a second inclusion. */
#include <DirectML.h>

typedef DML_OPERATOR_DESC abi_header_alone_checked;
