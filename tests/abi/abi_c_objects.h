/* COM objects implemented in C through the header's XxxVtbl structs, as libdmlops implements
 * its own. Every method records its name, its vtable slot in C, `This` and its arguments, and
 * returns abi_result_of(name), so a caller in another language can check where its call landed. */
#ifndef ABI_C_OBJECTS_H
#define ABI_C_OBJECTS_H

#include <DirectML.h>

#ifdef __cplusplus
extern "C"
{
#endif

#define ABI_MAX_ARGS 6

    typedef struct AbiCall
    {
        const void *self;
        const char *method; /* NULL: no call since abi_forget_call() */
        unsigned slot;      /* offset of the method's field in the C vtable, in pointers */
        unsigned argc;
        uintptr_t args[ABI_MAX_ARGS];
    } AbiCall;

    const AbiCall *abi_last_call(void);
    void abi_forget_call(void);
    HRESULT abi_result_of(const char *method);
    DML_BINDING_PROPERTIES abi_binding_properties(void);

    IDMLDevice1 *abi_c_device(void);
    IDMLOperatorInitializer *abi_c_initializer(void);
    IDMLBindingTable *abi_c_binding_table(void);
    IDMLCommandRecorder *abi_c_command_recorder(void);
    IDMLDebugDevice *abi_c_debug_device(void);

    /* Number of vtable slots of the objects above that hold no function (must be 0). */
    unsigned abi_c_empty_slots(void);

#ifdef __cplusplus
}
#endif

#endif /* ABI_C_OBJECTS_H */
