/* What one fault test injects. test_faults.c is the same for every kind of fault; each test
 * executable links one source, which names its events and makes the devices they happen on. */
#ifndef DMLOPS_TEST_FAULT_SOURCE_H
#define DMLOPS_TEST_FAULT_SOURCE_H

#include <dmlops.h>
#include <stdbool.h>

/* The counted event, singular ("host allocation"). */
extern const char fault_source_event[];
/* False: a failed event is an allocation failure (E_OUTOFMEMORY, the device stays usable unless a
 * void method saw it). True: it is a lost device (DXGI_ERROR_DEVICE_REMOVED from then on, the
 * removed reason DXGI_ERROR_DEVICE_HUNG). */
extern const bool fault_source_loses_device;
/* True: the events are the driver's own allocations. A failure while a void method records
 * commands then surfaces where Vulkan reports it, at vkEndCommandBuffer (the next submission); a
 * driver may absorb a failure of its own (the call then succeeds, and the flow must still be
 * right); and the driver's caches make the number of live blocks after a flow vary by a few. */
extern const bool fault_source_in_driver;
/* Called once before any device is made. */
void fault_source_init(void);
/* Called before each case: what an earlier case of the same process broke works again (a lost
 * device). */
void fault_source_restore(void);
/* A device on which the source's events are counted. */
HRESULT fault_source_create_device(IDMLDevice **device);
/* Validation messages seen on an instance the source made itself (the library's own instance
 * aborts on any: DMLOPS_VALIDATION=fatal). */
unsigned fault_source_validation_messages(void);

#endif
