/* HRESULT names for the tool's messages: "E_INVALIDARG (0x80070057)" instead of bare hex. */
#ifndef DMLOPS_TOOL_HRESULT_H
#define DMLOPS_TOOL_HRESULT_H

#include <DirectML.h>

/* "NAME (0x........)", or "0x........" for a code the table lacks. The text lives in a ring of
 * four static buffers: enough for one message, not for threads. */
const char *tool_hresult_text(HRESULT hr);

#endif
