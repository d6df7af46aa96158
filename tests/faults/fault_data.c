/* The flow's tensors: a SPLIT of a 6x4 input along axis 2 into 2, 1 and 3 rows, and a
 * REFLECTION PADDING of a 2x3 input by 1 row and 2 columns on each side. */
#include "fault_flow.h"

const struct flow_tensor flow_tensors[FLOW_BUFFER_COUNT - 1] = {
    [FLOW_SPLIT_IN] = {{1, 1, 6, 4}, 24},  [FLOW_SPLIT_OUT0] = {{1, 1, 2, 4}, 8},
    [FLOW_SPLIT_OUT1] = {{1, 1, 1, 4}, 4}, [FLOW_SPLIT_OUT2] = {{1, 1, 3, 4}, 12},
    [FLOW_PAD_IN] = {{1, 1, 2, 3}, 6},     [FLOW_PAD_OUT] = {{1, 1, 4, 7}, 28},
};
const UINT flow_pad_start[4] = {0, 0, 1, 2}, flow_pad_end[4] = {0, 0, 1, 2};

/* First input row of each split output. */
static const unsigned split_first_row[] = {
    [FLOW_SPLIT_OUT0] = 0, [FLOW_SPLIT_OUT1] = 2, [FLOW_SPLIT_OUT2] = 3};

void flow_input(enum flow_buffer buffer, float *data)
{
    for (unsigned i = 0; i < flow_tensors[buffer].elements; ++i)
        data[i] = buffer == FLOW_SPLIT_IN ? (float)(i + 1) : 10.0f * (float)(i + 1) + 0.5f;
}

static int reflect(int i, int n)
{
    return i < 0 ? -i : i >= n ? 2 * (n - 1) - i : i;
}

static void expected_padding(float *data)
{
    const UINT *in = flow_tensors[FLOW_PAD_IN].sizes, *out = flow_tensors[FLOW_PAD_OUT].sizes;
    float input[FLOW_MAX_ELEMENTS];

    flow_input(FLOW_PAD_IN, input);
    for (int h = 0; h < (int)out[2]; ++h)
    {
        for (int w = 0; w < (int)out[3]; ++w)
        {
            int ih = reflect(h - (int)flow_pad_start[2], (int)in[2]);
            int iw = reflect(w - (int)flow_pad_start[3], (int)in[3]);
            data[h * (int)out[3] + w] = input[ih * (int)in[3] + iw];
        }
    }
}

void flow_expected(enum flow_buffer buffer, float *data)
{
    float input[FLOW_MAX_ELEMENTS];
    unsigned row = flow_tensors[FLOW_SPLIT_IN].sizes[3];

    if (buffer == FLOW_PAD_OUT)
        return expected_padding(data);
    flow_input(FLOW_SPLIT_IN, input);
    for (unsigned i = 0; i < flow_tensors[buffer].elements; ++i)
        data[i] = input[split_first_row[buffer] * row + i];
}
