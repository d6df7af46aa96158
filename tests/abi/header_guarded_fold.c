/* Compiled by abi_header_guards_*: with ABI_USE_FOLD it names DML_FOLD_OPERATOR_DESC, which
 * Microsoft's header declares only from DML_TARGET_VERSION 0x6400, so the compilation must fail
 * at 0x6300 (the tests are WILL_FAIL) and succeed at 0x6400 (abi_header_guards_control). */
#include <DirectML.h>

#ifdef ABI_USE_FOLD
typedef DML_FOLD_OPERATOR_DESC abi_guarded_fold;
#endif
typedef DML_OPERATOR_DESC abi_always_declared;
