/*
 * DirectML.h for libdmlops: the ABI of Microsoft's DirectML header (target version 0x6400) for
 * Linux, usable from C11 and C++17. Enum values, struct layouts, interface IIDs and vtable order
 * match Microsoft's header compiled with the DirectX-Headers WSL adapter, so programs built
 * against either header can call the other's objects.
 *
 * Differences forced by Linux/Vulkan (project decision D16):
 *   - ID3D12Resource* is a VkBuffer and ID3D12CommandList* a VkCommandBuffer (both declared here
 *     through Vulkan's handle struct names, so vulkan.h is not needed); ID3D12Device is opaque.
 *   - d3d12.h cannot be combined with this header.
 *
 * Works on its own or after DirectX-Headers' wsl/winadapter.h (base types, GUID, HRESULTs,
 * IUnknown and the uuidof<T>() templates are then taken from there).
 *
 * C: interfaces are structs holding an lpVtbl; define COBJMACROS for the IXxx_Method(This, ...)
 * call macros. C++: interfaces are abstract classes; __uuidof(IDMLDevice), __uuidof(pointer) and
 * IID_PPV_ARGS work (after DirectX-Headers' adapter, its __uuidof is kept: expressions only).
 * Both languages get IID_IDMLDevice etc. as internal constants, so no symbol has to be linked.
 */
#ifndef DMLOPS_DIRECTML_H
#define DMLOPS_DIRECTML_H

#if defined(__d3d12_h__)
#error "libdmlops' DirectML.h maps D3D12 resources to Vulkan handles; it cannot follow d3d12.h"
#endif

#include <stddef.h>
#include <stdint.h>

#ifndef DML_TARGET_VERSION
#define DML_TARGET_VERSION 0x6400
#endif

/* ============================================================================================== */
/* Windows base types (the definitions of DirectX-Headers' WSL adapter, unless already present)  */
/* ============================================================================================== */

#ifndef DEFINE_GUID
typedef uint8_t UINT8;
typedef int8_t INT8;
typedef uint16_t UINT16;
typedef int16_t INT16;
typedef uint32_t UINT32, UINT, ULONG, DWORD, BOOL;
typedef int32_t INT32, INT, LONG;
typedef uint64_t UINT64;
typedef int64_t INT64;
typedef size_t SIZE_T;
typedef float FLOAT;
typedef double DOUBLE;
typedef unsigned char BYTE;
typedef char CHAR;
typedef const char *LPCSTR, *PCSTR;
/* As in DirectX-Headers on Linux, WCHAR is the platform wchar_t (so L"name" literals work). */
typedef wchar_t WCHAR;
typedef const wchar_t *LPCWSTR, *PCWSTR;
typedef LONG HRESULT;

typedef struct _GUID
{
    uint32_t Data1;
    uint16_t Data2;
    uint16_t Data3;
    uint8_t Data4[8];
} GUID;
typedef GUID IID;

#ifdef __cplusplus
#define REFGUID const GUID &
#define REFIID const IID &
#else
#define REFGUID const GUID *
#define REFIID const IID *
#endif

/* Marks that GUID and the base types exist (DirectX-Headers' adapter defines it too). */
#ifdef __cplusplus
#define DEFINE_GUID(name, l, w1, w2, b1, b2, b3, b4, b5, b6, b7, b8) extern "C" const GUID name
#else
#define DEFINE_GUID(name, l, w1, w2, b1, b2, b3, b4, b5, b6, b7, b8) extern const GUID name
#endif
#endif /* DEFINE_GUID */

#ifndef TRUE
#define TRUE 1u
#endif
#ifndef FALSE
#define FALSE 0u
#endif
#ifndef STDMETHODCALLTYPE
#define STDMETHODCALLTYPE
#endif
#ifndef CONST_VTBL /* const vtables on request, as in DirectX-Headers' rpcndr.h */
#ifdef CONST_VTABLE
#define CONST_VTBL const
#else
#define CONST_VTBL
#endif
#endif

#ifndef SUCCEEDED
#define SUCCEEDED(hr) (((HRESULT)(hr)) >= 0)
#endif
#ifndef FAILED
#define FAILED(hr) (((HRESULT)(hr)) < 0)
#endif
#ifndef S_OK
#define S_OK ((HRESULT)0L)
#endif
#ifndef S_FALSE
#define S_FALSE ((HRESULT)1L)
#endif
#ifndef E_NOTIMPL
#define E_NOTIMPL ((HRESULT)0x80004001L)
#endif
#ifndef E_NOINTERFACE
#define E_NOINTERFACE ((HRESULT)0x80004002L)
#endif
#ifndef E_POINTER
#define E_POINTER ((HRESULT)0x80004003L)
#endif
#ifndef E_FAIL
#define E_FAIL ((HRESULT)0x80004005L)
#endif
#ifndef E_OUTOFMEMORY
#define E_OUTOFMEMORY ((HRESULT)0x8007000EL)
#endif
#ifndef E_INVALIDARG
#define E_INVALIDARG ((HRESULT)0x80070057L)
#endif
#ifndef DXGI_ERROR_INVALID_CALL
#define DXGI_ERROR_INVALID_CALL ((HRESULT)0x887A0001L)
#endif
#ifndef DXGI_ERROR_UNSUPPORTED
#define DXGI_ERROR_UNSUPPORTED ((HRESULT)0x887A0004L)
#endif
#ifndef DXGI_ERROR_DEVICE_REMOVED
#define DXGI_ERROR_DEVICE_REMOVED ((HRESULT)0x887A0005L)
#endif
#ifndef DXGI_ERROR_DEVICE_HUNG
#define DXGI_ERROR_DEVICE_HUNG ((HRESULT)0x887A0006L)
#endif
#ifndef DXGI_ERROR_DEVICE_RESET
#define DXGI_ERROR_DEVICE_RESET ((HRESULT)0x887A0007L)
#endif
#ifndef DXGI_ERROR_DRIVER_INTERNAL_ERROR
#define DXGI_ERROR_DRIVER_INTERNAL_ERROR ((HRESULT)0x887A0020L)
#endif
#ifndef DXGI_ERROR_SDK_COMPONENT_MISSING
#define DXGI_ERROR_SDK_COMPONENT_MISSING ((HRESULT)0x887A002DL)
#endif

#if defined(__GNUC__) || defined(__clang__)
#define DMLOPS_UNUSED __attribute__((unused))
#else
#define DMLOPS_UNUSED
#endif

#ifdef __cplusplus
#define DMLOPS_EXTERN_C extern "C"
#else
#define DMLOPS_EXTERN_C extern
#endif

#if defined(DMLOPS_BUILDING_LIBRARY) && (defined(__GNUC__) || defined(__clang__))
#define DMLOPS_API DMLOPS_EXTERN_C __attribute__((visibility("default")))
#else
#define DMLOPS_API DMLOPS_EXTERN_C
#endif

/* ============================================================================================== */
/* __uuidof and IIDs                                                                              */
/* ============================================================================================== */

#ifdef __cplusplus
/* Same storage as DirectX-Headers: one uuidof<T>() specialisation per interface. */
#ifndef __uuidof
extern "C++"
{
    template <typename T> GUID uuidof() = delete;
    template <typename T> GUID uuidof(T *)
    {
        return uuidof<T>();
    }
    template <typename T> GUID uuidof(T **)
    {
        return uuidof<T>();
    }
    template <typename T> GUID uuidof(T &)
    {
        return uuidof<T>();
    }

    /* __uuidof accepts a type or an expression of (pointer to) interface type, as MSVC's does. */
    template <typename T> struct DmlopsUuidTarget
    {
        typedef T type;
    };
    template <typename T> struct DmlopsUuidTarget<T *> : DmlopsUuidTarget<T>
    {
    };
    template <typename T> struct DmlopsUuidTarget<T &> : DmlopsUuidTarget<T>
    {
    };
    template <typename T> struct DmlopsUuidTarget<const T> : DmlopsUuidTarget<T>
    {
    };
    template <typename T> struct DmlopsUuidTarget<volatile T> : DmlopsUuidTarget<T>
    {
    };
    template <typename T> using DmlopsUuidTargetT = typename DmlopsUuidTarget<T>::type;
}
#define __uuidof(x) uuidof<DmlopsUuidTargetT<__typeof__(x)>>()
#endif

#define DMLOPS_UUIDOF(iface, l, w1, w2, b1, b2, b3, b4, b5, b6, b7, b8)                            \
    extern "C++"                                                                                   \
    {                                                                                              \
        template <> constexpr GUID uuidof<iface>()                                                 \
        {                                                                                          \
            return {l, w1, w2, {b1, b2, b3, b4, b5, b6, b7, b8}};                                  \
        }                                                                                          \
    }
#else
#define DMLOPS_UUIDOF(iface, l, w1, w2, b1, b2, b3, b4, b5, b6, b7, b8)
#endif

#ifdef __cplusplus
#define DMLOPS_IID_STORAGE static constexpr
#else
#define DMLOPS_IID_STORAGE static const
#endif

/* IID_<iface> as an internal constant in every translation unit, plus __uuidof(<iface>) in C++. */
#define DMLOPS_DECLARE_IID(iface, l, w1, w2, b1, b2, b3, b4, b5, b6, b7, b8)                       \
    DMLOPS_IID_STORAGE IID IID_##iface DMLOPS_UNUSED = {                                           \
        l, w1, w2, {b1, b2, b3, b4, b5, b6, b7, b8}};                                              \
    DMLOPS_UUIDOF(iface, l, w1, w2, b1, b2, b3, b4, b5, b6, b7, b8)

/* ============================================================================================== */
/* D3D12 stand-ins (decision D16)                                                                 */
/* ============================================================================================== */

typedef struct VkBuffer_T ID3D12Resource;           /* ID3D12Resource* is a VkBuffer */
typedef struct VkCommandBuffer_T ID3D12CommandList; /* ID3D12CommandList* is a VkCommandBuffer */
typedef struct ID3D12Device ID3D12Device;           /* opaque; pass NULL */

typedef struct D3D12_CPU_DESCRIPTOR_HANDLE
{
    SIZE_T ptr;
} D3D12_CPU_DESCRIPTOR_HANDLE;

typedef struct D3D12_GPU_DESCRIPTOR_HANDLE
{
    UINT64 ptr;
} D3D12_GPU_DESCRIPTOR_HANDLE;

/* ============================================================================================== */
/* Interface declarations                                                                         */
/* ============================================================================================== */

typedef struct IUnknown IUnknown;
typedef struct IDMLObject IDMLObject;
typedef struct IDMLDevice IDMLDevice;
typedef struct IDMLDeviceChild IDMLDeviceChild;
typedef struct IDMLPageable IDMLPageable;
typedef struct IDMLOperator IDMLOperator;
typedef struct IDMLDispatchable IDMLDispatchable;
typedef struct IDMLCompiledOperator IDMLCompiledOperator;
typedef struct IDMLOperatorInitializer IDMLOperatorInitializer;
typedef struct IDMLBindingTable IDMLBindingTable;
typedef struct IDMLCommandRecorder IDMLCommandRecorder;
typedef struct IDMLDebugDevice IDMLDebugDevice;
typedef struct IDMLDevice1 IDMLDevice1;

/* clang-format off */
DMLOPS_DECLARE_IID(IDMLObject, 0xc8263aac, 0x9e0c, 0x4a2d, 0x9b, 0x8e, 0x00, 0x75, 0x21, 0xa3, 0x31, 0x7c)
DMLOPS_DECLARE_IID(IDMLDevice, 0x6dbd6437, 0x96fd, 0x423f, 0xa9, 0x8c, 0xae, 0x5e, 0x7c, 0x2a, 0x57, 0x3f)
DMLOPS_DECLARE_IID(IDMLDeviceChild, 0x27e83142, 0x8165, 0x49e3, 0x97, 0x4e, 0x2f, 0xd6, 0x6e, 0x4c, 0xb6, 0x9d)
DMLOPS_DECLARE_IID(IDMLPageable, 0xb1ab0825, 0x4542, 0x4a4b, 0x86, 0x17, 0x6d, 0xde, 0x6e, 0x8f, 0x62, 0x01)
DMLOPS_DECLARE_IID(IDMLOperator, 0x26caae7a, 0x3081, 0x4633, 0x95, 0x81, 0x22, 0x6f, 0xbe, 0x57, 0x69, 0x5d)
DMLOPS_DECLARE_IID(IDMLDispatchable, 0xdcb821a8, 0x1039, 0x441e, 0x9f, 0x1c, 0xb1, 0x75, 0x9c, 0x2f, 0x3c, 0xec)
DMLOPS_DECLARE_IID(IDMLCompiledOperator, 0x6b15e56a, 0xbf5c, 0x4902, 0x92, 0xd8, 0xda, 0x3a, 0x65, 0x0a, 0xfe, 0xa4)
DMLOPS_DECLARE_IID(IDMLOperatorInitializer, 0x427c1113, 0x435c, 0x469c, 0x86, 0x76, 0x4d, 0x5d, 0xd0, 0x72, 0xf8, 0x13)
DMLOPS_DECLARE_IID(IDMLBindingTable, 0x29c687dc, 0xde74, 0x4e3b, 0xab, 0x00, 0x11, 0x68, 0xf2, 0xfc, 0x3c, 0xfc)
DMLOPS_DECLARE_IID(IDMLCommandRecorder, 0xe6857a76, 0x2e3e, 0x4fdd, 0xbf, 0xf4, 0x5d, 0x2b, 0xa1, 0x0f, 0xb4, 0x53)
DMLOPS_DECLARE_IID(IDMLDebugDevice, 0x7d6f3ac9, 0x394a, 0x4ac3, 0x92, 0xa7, 0x39, 0x0c, 0xc5, 0x7a, 0x82, 0x17)
DMLOPS_DECLARE_IID(IDMLDevice1, 0xa0884f9a, 0xd2be, 0x4355, 0xaa, 0x5d, 0x59, 0x01, 0x28, 0x1a, 0xd1, 0xd2)
/* clang-format on */

/* ============================================================================================== */
/* Constants                                                                                      */
/* ============================================================================================== */

#ifdef __cplusplus
static const UINT DML_TENSOR_DIMENSION_COUNT_MAX = 5;
static const UINT DML_TENSOR_DIMENSION_COUNT_MAX1 = 8;
static const UINT DML_TEMPORARY_BUFFER_ALIGNMENT = 256;
static const UINT DML_PERSISTENT_BUFFER_ALIGNMENT = 256;
static const UINT DML_MINIMUM_BUFFER_TENSOR_ALIGNMENT = 16;
#else
/* Enumerators, so that C can use them in constant expressions (array sizes). */
enum
{
    DML_TENSOR_DIMENSION_COUNT_MAX = 5,
    DML_TENSOR_DIMENSION_COUNT_MAX1 = 8,
    DML_TEMPORARY_BUFFER_ALIGNMENT = 256,
    DML_PERSISTENT_BUFFER_ALIGNMENT = 256,
    DML_MINIMUM_BUFFER_TENSOR_ALIGNMENT = 16
};
#endif

/* Bit operators on the flag enums in C++, as Microsoft's header declares them. */
#ifdef __cplusplus
#ifdef DEFINE_ENUM_FLAG_OPERATORS
#define DMLOPS_FLAG_OPERATORS(E) DEFINE_ENUM_FLAG_OPERATORS(E)
#else
#define DMLOPS_FLAG_OPERATORS(E)                                                                   \
    extern "C++"                                                                                   \
    {                                                                                              \
        inline constexpr E operator|(E a, E b)                                                     \
        {                                                                                          \
            return E(int(a) | int(b));                                                             \
        }                                                                                          \
        inline constexpr E operator&(E a, E b)                                                     \
        {                                                                                          \
            return E(int(a) & int(b));                                                             \
        }                                                                                          \
        inline constexpr E operator^(E a, E b)                                                     \
        {                                                                                          \
            return E(int(a) ^ int(b));                                                             \
        }                                                                                          \
        inline constexpr E operator~(E a)                                                          \
        {                                                                                          \
            return E(~int(a));                                                                     \
        }                                                                                          \
        inline E &operator|=(E &a, E b)                                                            \
        {                                                                                          \
            return a = a | b;                                                                      \
        }                                                                                          \
        inline E &operator&=(E &a, E b)                                                            \
        {                                                                                          \
            return a = a & b;                                                                      \
        }                                                                                          \
        inline E &operator^=(E &a, E b)                                                            \
        {                                                                                          \
            return a = a ^ b;                                                                      \
        }                                                                                          \
    }
#endif
#else
#define DMLOPS_FLAG_OPERATORS(E)
#endif

/* ============================================================================================== */
/* Tensor descriptions                                                                            */
/* ============================================================================================== */

typedef enum DML_TENSOR_DATA_TYPE
{
    DML_TENSOR_DATA_TYPE_UNKNOWN = 0,
    DML_TENSOR_DATA_TYPE_FLOAT32 = 1,
    DML_TENSOR_DATA_TYPE_FLOAT16 = 2,
    DML_TENSOR_DATA_TYPE_UINT32 = 3,
    DML_TENSOR_DATA_TYPE_UINT16 = 4,
    DML_TENSOR_DATA_TYPE_UINT8 = 5,
    DML_TENSOR_DATA_TYPE_INT32 = 6,
    DML_TENSOR_DATA_TYPE_INT16 = 7,
    DML_TENSOR_DATA_TYPE_INT8 = 8,
    DML_TENSOR_DATA_TYPE_FLOAT64 = 9,
    DML_TENSOR_DATA_TYPE_UINT64 = 10,
    DML_TENSOR_DATA_TYPE_INT64 = 11,
    DML_TENSOR_DATA_TYPE_UINT4 = 12,
    DML_TENSOR_DATA_TYPE_INT4 = 13
} DML_TENSOR_DATA_TYPE;

typedef enum DML_TENSOR_TYPE
{
    DML_TENSOR_TYPE_INVALID = 0,
    DML_TENSOR_TYPE_BUFFER = 1
} DML_TENSOR_TYPE;

typedef enum DML_TENSOR_FLAGS
{
    DML_TENSOR_FLAG_NONE = 0x0,
    DML_TENSOR_FLAG_OWNED_BY_DML = 0x1
} DML_TENSOR_FLAGS;
DMLOPS_FLAG_OPERATORS(DML_TENSOR_FLAGS)

typedef struct DML_BUFFER_TENSOR_DESC
{
    DML_TENSOR_DATA_TYPE DataType;
    DML_TENSOR_FLAGS Flags;
    UINT DimensionCount;
    const UINT *Sizes;   /* DimensionCount elements */
    const UINT *Strides; /* DimensionCount elements, in elements; NULL = packed */
    UINT64 TotalTensorSizeInBytes;
    UINT GuaranteedBaseOffsetAlignment;
} DML_BUFFER_TENSOR_DESC;

typedef struct DML_TENSOR_DESC
{
    DML_TENSOR_TYPE Type;
    const void *Desc; /* DML_BUFFER_TENSOR_DESC for DML_TENSOR_TYPE_BUFFER */
} DML_TENSOR_DESC;

/* ============================================================================================== */
/* Operator types, enumerations and descriptions                                                  */
/* ============================================================================================== */

typedef enum DML_OPERATOR_TYPE
{
    DML_OPERATOR_INVALID = 0,
    DML_OPERATOR_ELEMENT_WISE_IDENTITY = 1,
    DML_OPERATOR_ELEMENT_WISE_ABS = 2,
    DML_OPERATOR_ELEMENT_WISE_ACOS = 3,
    DML_OPERATOR_ELEMENT_WISE_ADD = 4,
    DML_OPERATOR_ELEMENT_WISE_ASIN = 5,
    DML_OPERATOR_ELEMENT_WISE_ATAN = 6,
    DML_OPERATOR_ELEMENT_WISE_CEIL = 7,
    DML_OPERATOR_ELEMENT_WISE_CLIP = 8,
    DML_OPERATOR_ELEMENT_WISE_COS = 9,
    DML_OPERATOR_ELEMENT_WISE_DIVIDE = 10,
    DML_OPERATOR_ELEMENT_WISE_EXP = 11,
    DML_OPERATOR_ELEMENT_WISE_FLOOR = 12,
    DML_OPERATOR_ELEMENT_WISE_LOG = 13,
    DML_OPERATOR_ELEMENT_WISE_LOGICAL_AND = 14,
    DML_OPERATOR_ELEMENT_WISE_LOGICAL_EQUALS = 15,
    DML_OPERATOR_ELEMENT_WISE_LOGICAL_GREATER_THAN = 16,
    DML_OPERATOR_ELEMENT_WISE_LOGICAL_LESS_THAN = 17,
    DML_OPERATOR_ELEMENT_WISE_LOGICAL_NOT = 18,
    DML_OPERATOR_ELEMENT_WISE_LOGICAL_OR = 19,
    DML_OPERATOR_ELEMENT_WISE_LOGICAL_XOR = 20,
    DML_OPERATOR_ELEMENT_WISE_MAX = 21,
    DML_OPERATOR_ELEMENT_WISE_MEAN = 22,
    DML_OPERATOR_ELEMENT_WISE_MIN = 23,
    DML_OPERATOR_ELEMENT_WISE_MULTIPLY = 24,
    DML_OPERATOR_ELEMENT_WISE_POW = 25,
    DML_OPERATOR_ELEMENT_WISE_CONSTANT_POW = 26,
    DML_OPERATOR_ELEMENT_WISE_RECIP = 27,
    DML_OPERATOR_ELEMENT_WISE_SIN = 28,
    DML_OPERATOR_ELEMENT_WISE_SQRT = 29,
    DML_OPERATOR_ELEMENT_WISE_SUBTRACT = 30,
    DML_OPERATOR_ELEMENT_WISE_TAN = 31,
    DML_OPERATOR_ELEMENT_WISE_THRESHOLD = 32,
    DML_OPERATOR_ELEMENT_WISE_QUANTIZE_LINEAR = 33,
    DML_OPERATOR_ELEMENT_WISE_DEQUANTIZE_LINEAR = 34,
    DML_OPERATOR_ACTIVATION_ELU = 35,
    DML_OPERATOR_ACTIVATION_HARDMAX = 36,
    DML_OPERATOR_ACTIVATION_HARD_SIGMOID = 37,
    DML_OPERATOR_ACTIVATION_IDENTITY = 38,
    DML_OPERATOR_ACTIVATION_LEAKY_RELU = 39,
    DML_OPERATOR_ACTIVATION_LINEAR = 40,
    DML_OPERATOR_ACTIVATION_LOG_SOFTMAX = 41,
    DML_OPERATOR_ACTIVATION_PARAMETERIZED_RELU = 42,
    DML_OPERATOR_ACTIVATION_PARAMETRIC_SOFTPLUS = 43,
    DML_OPERATOR_ACTIVATION_RELU = 44,
    DML_OPERATOR_ACTIVATION_SCALED_ELU = 45,
    DML_OPERATOR_ACTIVATION_SCALED_TANH = 46,
    DML_OPERATOR_ACTIVATION_SIGMOID = 47,
    DML_OPERATOR_ACTIVATION_SOFTMAX = 48,
    DML_OPERATOR_ACTIVATION_SOFTPLUS = 49,
    DML_OPERATOR_ACTIVATION_SOFTSIGN = 50,
    DML_OPERATOR_ACTIVATION_TANH = 51,
    DML_OPERATOR_ACTIVATION_THRESHOLDED_RELU = 52,
    DML_OPERATOR_CONVOLUTION = 53,
    DML_OPERATOR_GEMM = 54,
    DML_OPERATOR_REDUCE = 55,
    DML_OPERATOR_AVERAGE_POOLING = 56,
    DML_OPERATOR_LP_POOLING = 57,
    DML_OPERATOR_MAX_POOLING = 58,
    DML_OPERATOR_ROI_POOLING = 59,
    DML_OPERATOR_SLICE = 60,
    DML_OPERATOR_CAST = 61,
    DML_OPERATOR_SPLIT = 62,
    DML_OPERATOR_JOIN = 63,
    DML_OPERATOR_PADDING = 64,
    DML_OPERATOR_VALUE_SCALE_2D = 65,
    DML_OPERATOR_UPSAMPLE_2D = 66,
    DML_OPERATOR_GATHER = 67,
    DML_OPERATOR_SPACE_TO_DEPTH = 68,
    DML_OPERATOR_DEPTH_TO_SPACE = 69,
    DML_OPERATOR_TILE = 70,
    DML_OPERATOR_TOP_K = 71,
    DML_OPERATOR_BATCH_NORMALIZATION = 72,
    DML_OPERATOR_MEAN_VARIANCE_NORMALIZATION = 73,
    DML_OPERATOR_LOCAL_RESPONSE_NORMALIZATION = 74,
    DML_OPERATOR_LP_NORMALIZATION = 75,
    DML_OPERATOR_RNN = 76,
    DML_OPERATOR_LSTM = 77,
    DML_OPERATOR_GRU = 78,
    DML_OPERATOR_ELEMENT_WISE_SIGN = 79,
    DML_OPERATOR_ELEMENT_WISE_IS_NAN = 80,
    DML_OPERATOR_ELEMENT_WISE_ERF = 81,
    DML_OPERATOR_ELEMENT_WISE_SINH = 82,
    DML_OPERATOR_ELEMENT_WISE_COSH = 83,
    DML_OPERATOR_ELEMENT_WISE_TANH = 84,
    DML_OPERATOR_ELEMENT_WISE_ASINH = 85,
    DML_OPERATOR_ELEMENT_WISE_ACOSH = 86,
    DML_OPERATOR_ELEMENT_WISE_ATANH = 87,
    DML_OPERATOR_ELEMENT_WISE_IF = 88,
    DML_OPERATOR_ELEMENT_WISE_ADD1 = 89,
    DML_OPERATOR_ACTIVATION_SHRINK = 90,
    DML_OPERATOR_MAX_POOLING1 = 91,
    DML_OPERATOR_MAX_UNPOOLING = 92,
    DML_OPERATOR_DIAGONAL_MATRIX = 93,
    DML_OPERATOR_SCATTER_ELEMENTS = 94,
    DML_OPERATOR_SCATTER = DML_OPERATOR_SCATTER_ELEMENTS, /* older name */
    DML_OPERATOR_ONE_HOT = 95,
    DML_OPERATOR_RESAMPLE = 96,
    DML_OPERATOR_ELEMENT_WISE_BIT_SHIFT_LEFT = 97,
    DML_OPERATOR_ELEMENT_WISE_BIT_SHIFT_RIGHT = 98,
    DML_OPERATOR_ELEMENT_WISE_ROUND = 99,
    DML_OPERATOR_ELEMENT_WISE_IS_INFINITY = 100,
    DML_OPERATOR_ELEMENT_WISE_MODULUS_TRUNCATE = 101,
    DML_OPERATOR_ELEMENT_WISE_MODULUS_FLOOR = 102,
    DML_OPERATOR_FILL_VALUE_CONSTANT = 103,
    DML_OPERATOR_FILL_VALUE_SEQUENCE = 104,
    DML_OPERATOR_CUMULATIVE_SUMMATION = 105,
    DML_OPERATOR_REVERSE_SUBSEQUENCES = 106,
    DML_OPERATOR_GATHER_ELEMENTS = 107,
    DML_OPERATOR_GATHER_ND = 108,
    DML_OPERATOR_SCATTER_ND = 109,
    DML_OPERATOR_MAX_POOLING2 = 110,
    DML_OPERATOR_SLICE1 = 111,
    DML_OPERATOR_TOP_K1 = 112,
    DML_OPERATOR_DEPTH_TO_SPACE1 = 113,
    DML_OPERATOR_SPACE_TO_DEPTH1 = 114,
    DML_OPERATOR_MEAN_VARIANCE_NORMALIZATION1 = 115,
    DML_OPERATOR_RESAMPLE1 = 116,
    DML_OPERATOR_MATRIX_MULTIPLY_INTEGER = 117,
    DML_OPERATOR_QUANTIZED_LINEAR_MATRIX_MULTIPLY = 118,
    DML_OPERATOR_CONVOLUTION_INTEGER = 119,
    DML_OPERATOR_QUANTIZED_LINEAR_CONVOLUTION = 120,
    DML_OPERATOR_ELEMENT_WISE_BIT_AND = 121,
    DML_OPERATOR_ELEMENT_WISE_BIT_OR = 122,
    DML_OPERATOR_ELEMENT_WISE_BIT_XOR = 123,
    DML_OPERATOR_ELEMENT_WISE_BIT_NOT = 124,
    DML_OPERATOR_ELEMENT_WISE_BIT_COUNT = 125,
    DML_OPERATOR_ELEMENT_WISE_LOGICAL_GREATER_THAN_OR_EQUAL = 126,
    DML_OPERATOR_ELEMENT_WISE_LOGICAL_LESS_THAN_OR_EQUAL = 127,
    DML_OPERATOR_ACTIVATION_CELU = 128,
    DML_OPERATOR_ACTIVATION_RELU_GRAD = 129,
    DML_OPERATOR_AVERAGE_POOLING_GRAD = 130,
    DML_OPERATOR_MAX_POOLING_GRAD = 131,
    DML_OPERATOR_RANDOM_GENERATOR = 132,
    DML_OPERATOR_NONZERO_COORDINATES = 133,
    DML_OPERATOR_RESAMPLE_GRAD = 134,
    DML_OPERATOR_SLICE_GRAD = 135,
    DML_OPERATOR_ADAM_OPTIMIZER = 136,
    DML_OPERATOR_ARGMIN = 137,
    DML_OPERATOR_ARGMAX = 138,
    DML_OPERATOR_ROI_ALIGN = 139,
    DML_OPERATOR_GATHER_ND1 = 140,
    DML_OPERATOR_ELEMENT_WISE_ATAN_YX = 141,
    DML_OPERATOR_ELEMENT_WISE_CLIP_GRAD = 142,
    DML_OPERATOR_ELEMENT_WISE_DIFFERENCE_SQUARE = 143,
    DML_OPERATOR_LOCAL_RESPONSE_NORMALIZATION_GRAD = 144,
    DML_OPERATOR_CUMULATIVE_PRODUCT = 145,
    DML_OPERATOR_BATCH_NORMALIZATION_GRAD = 146,
    DML_OPERATOR_ELEMENT_WISE_QUANTIZED_LINEAR_ADD = 147,
    DML_OPERATOR_DYNAMIC_QUANTIZE_LINEAR = 148,
    DML_OPERATOR_ROI_ALIGN1 = 149,
    DML_OPERATOR_ROI_ALIGN_GRAD = 150,
    DML_OPERATOR_BATCH_NORMALIZATION_TRAINING = 151,
    DML_OPERATOR_BATCH_NORMALIZATION_TRAINING_GRAD = 152,
    DML_OPERATOR_ELEMENT_WISE_CLIP1 = 153,
    DML_OPERATOR_ELEMENT_WISE_CLIP_GRAD1 = 154,
    DML_OPERATOR_PADDING1 = 155,
    DML_OPERATOR_ELEMENT_WISE_NEGATE = 156,
    DML_OPERATOR_ACTIVATION_GELU = 157,
    DML_OPERATOR_ACTIVATION_SOFTMAX1 = 158,
    DML_OPERATOR_ACTIVATION_LOG_SOFTMAX1 = 159,
    DML_OPERATOR_ACTIVATION_HARDMAX1 = 160,
    DML_OPERATOR_RESAMPLE2 = 161,
    DML_OPERATOR_RESAMPLE_GRAD1 = 162,
    DML_OPERATOR_DIAGONAL_MATRIX1 = 163,
    DML_OPERATOR_MULTIHEAD_ATTENTION = 164,
    DML_OPERATOR_LP_POOLING1 = 165,
    DML_OPERATOR_AVERAGE_POOLING1 = 166,
    DML_OPERATOR_ACTIVATION_SWISH = 167,
    DML_OPERATOR_ACTIVATION_HARD_SWISH = 168,
    DML_OPERATOR_QUANTIZED_LINEAR_AVERAGE_POOLING = 169,
    DML_OPERATOR_MATRIX_MULTIPLY_INTEGER_TO_FLOAT = 170,
    DML_OPERATOR_MEAN_VARIANCE_NORMALIZATION2 = 171,
    DML_OPERATOR_MULTIHEAD_ATTENTION1 = 172,
    DML_OPERATOR_QUANTIZE = 173,
    DML_OPERATOR_DEQUANTIZE = 174,
    DML_OPERATOR_RESAMPLE3 = 175,
    DML_OPERATOR_FOLD = 176,
    DML_OPERATOR_UNFOLD = 177
} DML_OPERATOR_TYPE;

typedef enum DML_REDUCE_FUNCTION
{
    DML_REDUCE_FUNCTION_ARGMAX = 0,
    DML_REDUCE_FUNCTION_ARGMIN = 1,
    DML_REDUCE_FUNCTION_AVERAGE = 2,
    DML_REDUCE_FUNCTION_L1 = 3,
    DML_REDUCE_FUNCTION_L2 = 4,
    DML_REDUCE_FUNCTION_LOG_SUM = 5,
    DML_REDUCE_FUNCTION_LOG_SUM_EXP = 6,
    DML_REDUCE_FUNCTION_MAX = 7,
    DML_REDUCE_FUNCTION_MIN = 8,
    DML_REDUCE_FUNCTION_MULTIPLY = 9,
    DML_REDUCE_FUNCTION_SUM = 10,
    DML_REDUCE_FUNCTION_SUM_SQUARE = 11
} DML_REDUCE_FUNCTION;

typedef enum DML_MATRIX_TRANSFORM
{
    DML_MATRIX_TRANSFORM_NONE = 0,
    DML_MATRIX_TRANSFORM_TRANSPOSE = 1
} DML_MATRIX_TRANSFORM;

typedef enum DML_CONVOLUTION_MODE
{
    DML_CONVOLUTION_MODE_CONVOLUTION = 0,
    DML_CONVOLUTION_MODE_CROSS_CORRELATION = 1
} DML_CONVOLUTION_MODE;

typedef enum DML_CONVOLUTION_DIRECTION
{
    DML_CONVOLUTION_DIRECTION_FORWARD = 0,
    DML_CONVOLUTION_DIRECTION_BACKWARD = 1
} DML_CONVOLUTION_DIRECTION;

typedef enum DML_PADDING_MODE
{
    DML_PADDING_MODE_CONSTANT = 0,
    DML_PADDING_MODE_EDGE = 1,
    DML_PADDING_MODE_REFLECTION = 2,
    DML_PADDING_MODE_SYMMETRIC = 3,
    DML_PADDING_MODE_WRAP = 4
} DML_PADDING_MODE;

typedef enum DML_INTERPOLATION_MODE
{
    DML_INTERPOLATION_MODE_NEAREST_NEIGHBOR = 0,
    DML_INTERPOLATION_MODE_LINEAR = 1
} DML_INTERPOLATION_MODE;

typedef struct DML_SCALE_BIAS
{
    FLOAT Scale;
    FLOAT Bias;
} DML_SCALE_BIAS;

typedef struct DML_SIZE_2D
{
    UINT Width;
    UINT Height;
} DML_SIZE_2D;

typedef enum DML_RECURRENT_NETWORK_DIRECTION
{
    DML_RECURRENT_NETWORK_DIRECTION_FORWARD = 0,
    DML_RECURRENT_NETWORK_DIRECTION_BACKWARD = 1,
    DML_RECURRENT_NETWORK_DIRECTION_BIDIRECTIONAL = 2
} DML_RECURRENT_NETWORK_DIRECTION;

typedef enum DML_ROUNDING_MODE
{
    DML_ROUNDING_MODE_HALVES_TO_NEAREST_EVEN = 0,
    DML_ROUNDING_MODE_TOWARD_ZERO = 1,
    DML_ROUNDING_MODE_TOWARD_INFINITY = 2
} DML_ROUNDING_MODE;

typedef enum DML_IS_INFINITY_MODE
{
    DML_IS_INFINITY_MODE_EITHER = 0,
    DML_IS_INFINITY_MODE_POSITIVE = 1,
    DML_IS_INFINITY_MODE_NEGATIVE = 2
} DML_IS_INFINITY_MODE;

typedef enum DML_AXIS_DIRECTION
{
    DML_AXIS_DIRECTION_INCREASING = 0,
    DML_AXIS_DIRECTION_DECREASING = 1
} DML_AXIS_DIRECTION;

typedef enum DML_DEPTH_SPACE_ORDER
{
    DML_DEPTH_SPACE_ORDER_DEPTH_COLUMN_ROW = 0,
    DML_DEPTH_SPACE_ORDER_COLUMN_ROW_DEPTH = 1
} DML_DEPTH_SPACE_ORDER;

typedef union DML_SCALAR_UNION
{
    BYTE Bytes[8];
    INT8 Int8;
    UINT8 UInt8;
    INT16 Int16;
    UINT16 UInt16;
    INT32 Int32;
    UINT32 UInt32;
    INT64 Int64;
    UINT64 UInt64;
    FLOAT Float32;
    DOUBLE Float64;
} DML_SCALAR_UNION;

typedef enum DML_RANDOM_GENERATOR_TYPE
{
    DML_RANDOM_GENERATOR_TYPE_PHILOX_4X32_10 = 0
} DML_RANDOM_GENERATOR_TYPE;

typedef enum DML_MULTIHEAD_ATTENTION_MASK_TYPE
{
    DML_MULTIHEAD_ATTENTION_MASK_TYPE_NONE = 0,
    DML_MULTIHEAD_ATTENTION_MASK_TYPE_KEY_SEQUENCE_LENGTH = 1,
    DML_MULTIHEAD_ATTENTION_MASK_TYPE_KEY_SEQUENCE_END_START = 2,
    DML_MULTIHEAD_ATTENTION_MASK_TYPE_KEY_QUERY_SEQUENCE_LENGTH_START_END = 3,
    DML_MULTIHEAD_ATTENTION_MASK_TYPE_BOOLEAN = 4
} DML_MULTIHEAD_ATTENTION_MASK_TYPE;

typedef enum DML_QUANTIZATION_TYPE
{
    DML_QUANTIZATION_TYPE_NONE = 0,
    DML_QUANTIZATION_TYPE_SCALE = 1,
    DML_QUANTIZATION_TYPE_SCALE_ZERO_POINT = 2
} DML_QUANTIZATION_TYPE;

typedef struct DML_OPERATOR_DESC
{
    DML_OPERATOR_TYPE Type;
    const void *Desc; /* the DML_<Type>_OPERATOR_DESC of Type */
} DML_OPERATOR_DESC;

typedef struct DML_SLICE_OPERATOR_DESC
{
    const DML_TENSOR_DESC *InputTensor;
    const DML_TENSOR_DESC *OutputTensor;
    UINT DimensionCount;
    const UINT *Offsets; /* DimensionCount elements each */
    const UINT *Sizes;
    const UINT *Strides;
} DML_SLICE_OPERATOR_DESC;

typedef struct DML_SPLIT_OPERATOR_DESC
{
    const DML_TENSOR_DESC *InputTensor;
    UINT OutputCount;
    const DML_TENSOR_DESC *OutputTensors; /* OutputCount elements */
    UINT Axis;
} DML_SPLIT_OPERATOR_DESC;

typedef struct DML_JOIN_OPERATOR_DESC
{
    UINT InputCount;
    const DML_TENSOR_DESC *InputTensors; /* InputCount elements */
    const DML_TENSOR_DESC *OutputTensor;
    UINT Axis;
} DML_JOIN_OPERATOR_DESC;

typedef struct DML_PADDING_OPERATOR_DESC
{
    const DML_TENSOR_DESC *InputTensor;
    const DML_TENSOR_DESC *OutputTensor;
    DML_PADDING_MODE PaddingMode;
    FLOAT PaddingValue;
    UINT DimensionCount;
    const UINT *StartPadding; /* DimensionCount elements each */
    const UINT *EndPadding;
} DML_PADDING_OPERATOR_DESC;

typedef struct DML_SLICE1_OPERATOR_DESC
{
    const DML_TENSOR_DESC *InputTensor;
    const DML_TENSOR_DESC *OutputTensor;
    UINT DimensionCount;
    const UINT *InputWindowOffsets; /* DimensionCount elements each */
    const UINT *InputWindowSizes;
    const INT *InputWindowStrides; /* negative = reversed window */
} DML_SLICE1_OPERATOR_DESC;

typedef struct DML_PADDING1_OPERATOR_DESC
{
    const DML_TENSOR_DESC *InputTensor;
    const DML_TENSOR_DESC *OutputTensor;
    DML_PADDING_MODE PaddingMode;
    DML_TENSOR_DATA_TYPE PaddingValueDataType;
    DML_SCALAR_UNION PaddingValue;
    UINT DimensionCount;
    const UINT *StartPadding; /* DimensionCount elements each */
    const UINT *EndPadding;
} DML_PADDING1_OPERATOR_DESC;

/* ============================================================================================== */
/* Feature support queries                                                                        */
/* ============================================================================================== */

typedef enum DML_FEATURE_LEVEL
{
    DML_FEATURE_LEVEL_1_0 = 0x1000,
    DML_FEATURE_LEVEL_2_0 = 0x2000,
    DML_FEATURE_LEVEL_2_1 = 0x2100,
    DML_FEATURE_LEVEL_3_0 = 0x3000,
    DML_FEATURE_LEVEL_3_1 = 0x3100,
    DML_FEATURE_LEVEL_4_0 = 0x4000,
    DML_FEATURE_LEVEL_4_1 = 0x4100,
    DML_FEATURE_LEVEL_5_0 = 0x5000,
    DML_FEATURE_LEVEL_5_1 = 0x5100,
    DML_FEATURE_LEVEL_5_2 = 0x5200,
    DML_FEATURE_LEVEL_6_0 = 0x6000,
    DML_FEATURE_LEVEL_6_1 = 0x6100,
    DML_FEATURE_LEVEL_6_2 = 0x6200,
    DML_FEATURE_LEVEL_6_3 = 0x6300,
    DML_FEATURE_LEVEL_6_4 = 0x6400
} DML_FEATURE_LEVEL;

typedef enum DML_FEATURE
{
    DML_FEATURE_TENSOR_DATA_TYPE_SUPPORT = 0,
    DML_FEATURE_FEATURE_LEVELS = 1
} DML_FEATURE;

typedef struct DML_FEATURE_QUERY_TENSOR_DATA_TYPE_SUPPORT
{
    DML_TENSOR_DATA_TYPE DataType;
} DML_FEATURE_QUERY_TENSOR_DATA_TYPE_SUPPORT;

typedef struct DML_FEATURE_DATA_TENSOR_DATA_TYPE_SUPPORT
{
    BOOL IsSupported;
} DML_FEATURE_DATA_TENSOR_DATA_TYPE_SUPPORT;

typedef struct DML_FEATURE_QUERY_FEATURE_LEVELS
{
    UINT RequestedFeatureLevelCount;
    const DML_FEATURE_LEVEL *RequestedFeatureLevels; /* RequestedFeatureLevelCount elements */
} DML_FEATURE_QUERY_FEATURE_LEVELS;

typedef struct DML_FEATURE_DATA_FEATURE_LEVELS
{
    DML_FEATURE_LEVEL MaxSupportedFeatureLevel;
} DML_FEATURE_DATA_FEATURE_LEVELS;

/* ============================================================================================== */
/* Device, dispatchables and bindings                                                             */
/* ============================================================================================== */

typedef struct DML_BINDING_TABLE_DESC
{
    IDMLDispatchable *Dispatchable;
    D3D12_CPU_DESCRIPTOR_HANDLE CPUDescriptorHandle;
    D3D12_GPU_DESCRIPTOR_HANDLE GPUDescriptorHandle;
    UINT SizeInDescriptors;
} DML_BINDING_TABLE_DESC;

typedef enum DML_EXECUTION_FLAGS
{
    DML_EXECUTION_FLAG_NONE = 0x0,
    DML_EXECUTION_FLAG_ALLOW_HALF_PRECISION_COMPUTATION = 0x1,
    DML_EXECUTION_FLAG_DISABLE_META_COMMANDS = 0x2,
    DML_EXECUTION_FLAG_DESCRIPTORS_VOLATILE = 0x4
} DML_EXECUTION_FLAGS;
DMLOPS_FLAG_OPERATORS(DML_EXECUTION_FLAGS)

typedef enum DML_CREATE_DEVICE_FLAGS
{
    DML_CREATE_DEVICE_FLAG_NONE = 0x0,
    DML_CREATE_DEVICE_FLAG_DEBUG = 0x1
} DML_CREATE_DEVICE_FLAGS;
DMLOPS_FLAG_OPERATORS(DML_CREATE_DEVICE_FLAGS)

typedef struct DML_BINDING_PROPERTIES
{
    UINT RequiredDescriptorCount;
    UINT64 TemporaryResourceSize;
    UINT64 PersistentResourceSize;
} DML_BINDING_PROPERTIES;

typedef enum DML_BINDING_TYPE
{
    DML_BINDING_TYPE_NONE = 0,
    DML_BINDING_TYPE_BUFFER = 1,
    DML_BINDING_TYPE_BUFFER_ARRAY = 2
} DML_BINDING_TYPE;

typedef struct DML_BINDING_DESC
{
    DML_BINDING_TYPE Type;
    const void *Desc; /* DML_BUFFER_BINDING or DML_BUFFER_ARRAY_BINDING, by Type; NULL for NONE */
} DML_BINDING_DESC;

typedef struct DML_BUFFER_BINDING
{
    ID3D12Resource *Buffer; /* a VkBuffer; may be NULL */
    UINT64 Offset;
    UINT64 SizeInBytes;
} DML_BUFFER_BINDING;

typedef struct DML_BUFFER_ARRAY_BINDING
{
    UINT BindingCount;
    const DML_BUFFER_BINDING *Bindings; /* BindingCount elements */
} DML_BUFFER_ARRAY_BINDING;

/* ============================================================================================== */
/* Graphs                                                                                         */
/* ============================================================================================== */

typedef enum DML_GRAPH_EDGE_TYPE
{
    DML_GRAPH_EDGE_TYPE_INVALID = 0,
    DML_GRAPH_EDGE_TYPE_INPUT = 1,
    DML_GRAPH_EDGE_TYPE_OUTPUT = 2,
    DML_GRAPH_EDGE_TYPE_INTERMEDIATE = 3
} DML_GRAPH_EDGE_TYPE;

typedef struct DML_GRAPH_EDGE_DESC
{
    DML_GRAPH_EDGE_TYPE Type;
    const void *Desc; /* DML_<Type>_GRAPH_EDGE_DESC */
} DML_GRAPH_EDGE_DESC;

typedef struct DML_INPUT_GRAPH_EDGE_DESC
{
    UINT GraphInputIndex;
    UINT ToNodeIndex;
    UINT ToNodeInputIndex;
    const char *Name; /* may be NULL */
} DML_INPUT_GRAPH_EDGE_DESC;

typedef struct DML_OUTPUT_GRAPH_EDGE_DESC
{
    UINT FromNodeIndex;
    UINT FromNodeOutputIndex;
    UINT GraphOutputIndex;
    const char *Name; /* may be NULL */
} DML_OUTPUT_GRAPH_EDGE_DESC;

typedef struct DML_INTERMEDIATE_GRAPH_EDGE_DESC
{
    UINT FromNodeIndex;
    UINT FromNodeOutputIndex;
    UINT ToNodeIndex;
    UINT ToNodeInputIndex;
    const char *Name; /* may be NULL */
} DML_INTERMEDIATE_GRAPH_EDGE_DESC;

typedef enum DML_GRAPH_NODE_TYPE
{
    DML_GRAPH_NODE_TYPE_INVALID = 0,
    DML_GRAPH_NODE_TYPE_OPERATOR = 1,
    DML_GRAPH_NODE_TYPE_CONSTANT = 2
} DML_GRAPH_NODE_TYPE;

typedef struct DML_GRAPH_NODE_DESC
{
    DML_GRAPH_NODE_TYPE Type;
    const void *Desc; /* DML_OPERATOR_GRAPH_NODE_DESC or DML_CONSTANT_DATA_GRAPH_NODE_DESC */
} DML_GRAPH_NODE_DESC;

typedef struct DML_OPERATOR_GRAPH_NODE_DESC
{
    IDMLOperator *Operator;
    const char *Name; /* may be NULL */
} DML_OPERATOR_GRAPH_NODE_DESC;

typedef struct DML_CONSTANT_DATA_GRAPH_NODE_DESC
{
    const void *Data; /* DataSize bytes */
    SIZE_T DataSize;
    const char *Name; /* may be NULL */
} DML_CONSTANT_DATA_GRAPH_NODE_DESC;

typedef struct DML_GRAPH_DESC
{
    UINT InputCount;
    UINT OutputCount;
    UINT NodeCount;
    const DML_GRAPH_NODE_DESC *Nodes;
    UINT InputEdgeCount;
    const DML_GRAPH_EDGE_DESC *InputEdges;
    UINT OutputEdgeCount;
    const DML_GRAPH_EDGE_DESC *OutputEdges;
    UINT IntermediateEdgeCount;
    const DML_GRAPH_EDGE_DESC *IntermediateEdges;
} DML_GRAPH_DESC;

/* ============================================================================================== */
/* Device creation                                                                                */
/* ============================================================================================== */

/* d3d12Device must be NULL: the device then runs on the library's default Vulkan device. */
DMLOPS_API HRESULT DMLCreateDevice(ID3D12Device *d3d12Device, DML_CREATE_DEVICE_FLAGS flags,
                                   REFIID riid, void **ppv);

DMLOPS_API HRESULT DMLCreateDevice1(ID3D12Device *d3d12Device, DML_CREATE_DEVICE_FLAGS flags,
                                    DML_FEATURE_LEVEL minimumFeatureLevel, REFIID riid, void **ppv);

/* ============================================================================================== */
/* Interfaces                                                                                     */
/* ============================================================================================== */

#if defined(__cplusplus) && !defined(CINTERFACE)

/* DirectX-Headers declares IUnknown either in stubs/unknwnbase.h (which defines the guard macro)
 * or, in older releases, in winadapter.h itself next to IID_PPV_ARGS. */
#ifndef __IUnknown_INTERFACE_DEFINED__
#if !defined(IID_PPV_ARGS) || defined(__RPCNDR_H_VERSION__)
#define __IUnknown_INTERFACE_DEFINED__
struct IUnknown
{
    virtual HRESULT STDMETHODCALLTYPE QueryInterface(REFIID riid, void **ppvObject) = 0;
    virtual ULONG STDMETHODCALLTYPE AddRef() = 0;
    virtual ULONG STDMETHODCALLTYPE Release() = 0;

    template <class Q> HRESULT STDMETHODCALLTYPE QueryInterface(Q **pp)
    {
        return QueryInterface(uuidof<Q>(), reinterpret_cast<void **>(pp));
    }
};

DMLOPS_DECLARE_IID(IUnknown, 0x00000000, 0x0000, 0x0000, 0xc0, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
                   0x46)
#endif
#endif

#ifndef IID_PPV_ARGS
extern "C++"
{
    template <typename T> void **IID_PPV_ARGS_Helper(T **pp)
    {
        (void)static_cast<IUnknown *>(*pp);
        return reinterpret_cast<void **>(pp);
    }
}
#define IID_PPV_ARGS(ppType) __uuidof(**(ppType)), IID_PPV_ARGS_Helper(ppType)
#endif

struct IDMLObject : public IUnknown
{
    virtual HRESULT STDMETHODCALLTYPE GetPrivateData(REFGUID guid, UINT *dataSize, void *data) = 0;
    virtual HRESULT STDMETHODCALLTYPE SetPrivateData(REFGUID guid, UINT dataSize,
                                                     const void *data) = 0;
    virtual HRESULT STDMETHODCALLTYPE SetPrivateDataInterface(REFGUID guid, IUnknown *data) = 0;
    virtual HRESULT STDMETHODCALLTYPE SetName(PCWSTR name) = 0;
};

struct IDMLDevice : public IDMLObject
{
    virtual HRESULT STDMETHODCALLTYPE CheckFeatureSupport(DML_FEATURE feature,
                                                          UINT featureQueryDataSize,
                                                          const void *featureQueryData,
                                                          UINT featureSupportDataSize,
                                                          void *featureSupportData) = 0;
    virtual HRESULT STDMETHODCALLTYPE CreateOperator(const DML_OPERATOR_DESC *desc, REFIID riid,
                                                     void **ppv) = 0;
    virtual HRESULT STDMETHODCALLTYPE CompileOperator(IDMLOperator *op, DML_EXECUTION_FLAGS flags,
                                                      REFIID riid, void **ppv) = 0;
    virtual HRESULT STDMETHODCALLTYPE CreateOperatorInitializer(
        UINT operatorCount, IDMLCompiledOperator *const *operators, REFIID riid, void **ppv) = 0;
    virtual HRESULT STDMETHODCALLTYPE CreateCommandRecorder(REFIID riid, void **ppv) = 0;
    virtual HRESULT STDMETHODCALLTYPE CreateBindingTable(const DML_BINDING_TABLE_DESC *desc,
                                                         REFIID riid, void **ppv) = 0;
    virtual HRESULT STDMETHODCALLTYPE Evict(UINT count, IDMLPageable *const *ppObjects) = 0;
    virtual HRESULT STDMETHODCALLTYPE MakeResident(UINT count, IDMLPageable *const *ppObjects) = 0;
    virtual HRESULT STDMETHODCALLTYPE GetDeviceRemovedReason() = 0;
    virtual HRESULT STDMETHODCALLTYPE GetParentDevice(REFIID riid, void **ppv) = 0;
};

struct IDMLDeviceChild : public IDMLObject
{
    virtual HRESULT STDMETHODCALLTYPE GetDevice(REFIID riid, void **ppv) = 0;
};

struct IDMLPageable : public IDMLDeviceChild
{
};

struct IDMLOperator : public IDMLDeviceChild
{
};

struct IDMLDispatchable : public IDMLPageable
{
    virtual DML_BINDING_PROPERTIES STDMETHODCALLTYPE GetBindingProperties() = 0;
};

struct IDMLCompiledOperator : public IDMLDispatchable
{
};

struct IDMLOperatorInitializer : public IDMLDispatchable
{
    virtual HRESULT STDMETHODCALLTYPE Reset(UINT operatorCount,
                                            IDMLCompiledOperator *const *operators) = 0;
};

struct IDMLBindingTable : public IDMLDeviceChild
{
    virtual void STDMETHODCALLTYPE BindInputs(UINT bindingCount,
                                              const DML_BINDING_DESC *bindings) = 0;
    virtual void STDMETHODCALLTYPE BindOutputs(UINT bindingCount,
                                               const DML_BINDING_DESC *bindings) = 0;
    virtual void STDMETHODCALLTYPE BindTemporaryResource(const DML_BINDING_DESC *binding) = 0;
    virtual void STDMETHODCALLTYPE BindPersistentResource(const DML_BINDING_DESC *binding) = 0;
    virtual HRESULT STDMETHODCALLTYPE Reset(const DML_BINDING_TABLE_DESC *desc) = 0;
};

struct IDMLCommandRecorder : public IDMLDeviceChild
{
    virtual void STDMETHODCALLTYPE RecordDispatch(ID3D12CommandList *commandList,
                                                  IDMLDispatchable *dispatchable,
                                                  IDMLBindingTable *bindings) = 0;
};

struct IDMLDebugDevice : public IUnknown
{
    virtual void STDMETHODCALLTYPE SetMuteDebugOutput(BOOL mute) = 0;
};

struct IDMLDevice1 : public IDMLDevice
{
    virtual HRESULT STDMETHODCALLTYPE CompileGraph(const DML_GRAPH_DESC *desc,
                                                   DML_EXECUTION_FLAGS flags, REFIID riid,
                                                   void **ppv) = 0;
};
#else /* C */

#ifndef __IUnknown_INTERFACE_DEFINED__
#define __IUnknown_INTERFACE_DEFINED__
typedef struct IUnknownVtbl
{
    HRESULT(STDMETHODCALLTYPE *QueryInterface)(IUnknown *This, REFIID riid, void **ppvObject);
    ULONG(STDMETHODCALLTYPE *AddRef)(IUnknown *This);
    ULONG(STDMETHODCALLTYPE *Release)(IUnknown *This);
} IUnknownVtbl;

struct IUnknown
{
    CONST_VTBL IUnknownVtbl *lpVtbl;
};

DMLOPS_DECLARE_IID(IUnknown, 0x00000000, 0x0000, 0x0000, 0xc0, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
                   0x46)

#ifdef COBJMACROS
#define IUnknown_QueryInterface(This, riid, ppvObject)                                             \
    ((This)->lpVtbl->QueryInterface((This), riid, ppvObject))
#define IUnknown_AddRef(This) ((This)->lpVtbl->AddRef((This)))
#define IUnknown_Release(This) ((This)->lpVtbl->Release((This)))
#endif
#endif /* __IUnknown_INTERFACE_DEFINED__ */

typedef struct IDMLObjectVtbl
{
    HRESULT(STDMETHODCALLTYPE *QueryInterface)(IDMLObject *This, REFIID riid, void **ppvObject);
    ULONG(STDMETHODCALLTYPE *AddRef)(IDMLObject *This);
    ULONG(STDMETHODCALLTYPE *Release)(IDMLObject *This);
    HRESULT(STDMETHODCALLTYPE *GetPrivateData)
    (IDMLObject *This, REFGUID guid, UINT *dataSize, void *data);
    HRESULT(STDMETHODCALLTYPE *SetPrivateData)
    (IDMLObject *This, REFGUID guid, UINT dataSize, const void *data);
    HRESULT(STDMETHODCALLTYPE *SetPrivateDataInterface)
    (IDMLObject *This, REFGUID guid, IUnknown *data);
    HRESULT(STDMETHODCALLTYPE *SetName)(IDMLObject *This, PCWSTR name);
} IDMLObjectVtbl;

struct IDMLObject
{
    CONST_VTBL IDMLObjectVtbl *lpVtbl;
};

typedef struct IDMLDeviceVtbl
{
    HRESULT(STDMETHODCALLTYPE *QueryInterface)(IDMLDevice *This, REFIID riid, void **ppvObject);
    ULONG(STDMETHODCALLTYPE *AddRef)(IDMLDevice *This);
    ULONG(STDMETHODCALLTYPE *Release)(IDMLDevice *This);
    HRESULT(STDMETHODCALLTYPE *GetPrivateData)
    (IDMLDevice *This, REFGUID guid, UINT *dataSize, void *data);
    HRESULT(STDMETHODCALLTYPE *SetPrivateData)
    (IDMLDevice *This, REFGUID guid, UINT dataSize, const void *data);
    HRESULT(STDMETHODCALLTYPE *SetPrivateDataInterface)
    (IDMLDevice *This, REFGUID guid, IUnknown *data);
    HRESULT(STDMETHODCALLTYPE *SetName)(IDMLDevice *This, PCWSTR name);
    HRESULT(STDMETHODCALLTYPE *CheckFeatureSupport)
    (IDMLDevice *This, DML_FEATURE feature, UINT featureQueryDataSize, const void *featureQueryData,
     UINT featureSupportDataSize, void *featureSupportData);
    HRESULT(STDMETHODCALLTYPE *CreateOperator)
    (IDMLDevice *This, const DML_OPERATOR_DESC *desc, REFIID riid, void **ppv);
    HRESULT(STDMETHODCALLTYPE *CompileOperator)
    (IDMLDevice *This, IDMLOperator *op, DML_EXECUTION_FLAGS flags, REFIID riid, void **ppv);
    HRESULT(STDMETHODCALLTYPE *CreateOperatorInitializer)
    (IDMLDevice *This, UINT operatorCount, IDMLCompiledOperator *const *operators, REFIID riid,
     void **ppv);
    HRESULT(STDMETHODCALLTYPE *CreateCommandRecorder)(IDMLDevice *This, REFIID riid, void **ppv);
    HRESULT(STDMETHODCALLTYPE *CreateBindingTable)
    (IDMLDevice *This, const DML_BINDING_TABLE_DESC *desc, REFIID riid, void **ppv);
    HRESULT(STDMETHODCALLTYPE *Evict)(IDMLDevice *This, UINT count, IDMLPageable *const *ppObjects);
    HRESULT(STDMETHODCALLTYPE *MakeResident)
    (IDMLDevice *This, UINT count, IDMLPageable *const *ppObjects);
    HRESULT(STDMETHODCALLTYPE *GetDeviceRemovedReason)(IDMLDevice *This);
    HRESULT(STDMETHODCALLTYPE *GetParentDevice)(IDMLDevice *This, REFIID riid, void **ppv);
} IDMLDeviceVtbl;

struct IDMLDevice
{
    CONST_VTBL IDMLDeviceVtbl *lpVtbl;
};

typedef struct IDMLDeviceChildVtbl
{
    HRESULT(STDMETHODCALLTYPE *QueryInterface)
    (IDMLDeviceChild *This, REFIID riid, void **ppvObject);
    ULONG(STDMETHODCALLTYPE *AddRef)(IDMLDeviceChild *This);
    ULONG(STDMETHODCALLTYPE *Release)(IDMLDeviceChild *This);
    HRESULT(STDMETHODCALLTYPE *GetPrivateData)
    (IDMLDeviceChild *This, REFGUID guid, UINT *dataSize, void *data);
    HRESULT(STDMETHODCALLTYPE *SetPrivateData)
    (IDMLDeviceChild *This, REFGUID guid, UINT dataSize, const void *data);
    HRESULT(STDMETHODCALLTYPE *SetPrivateDataInterface)
    (IDMLDeviceChild *This, REFGUID guid, IUnknown *data);
    HRESULT(STDMETHODCALLTYPE *SetName)(IDMLDeviceChild *This, PCWSTR name);
    HRESULT(STDMETHODCALLTYPE *GetDevice)(IDMLDeviceChild *This, REFIID riid, void **ppv);
} IDMLDeviceChildVtbl;

struct IDMLDeviceChild
{
    CONST_VTBL IDMLDeviceChildVtbl *lpVtbl;
};

typedef struct IDMLPageableVtbl
{
    HRESULT(STDMETHODCALLTYPE *QueryInterface)(IDMLPageable *This, REFIID riid, void **ppvObject);
    ULONG(STDMETHODCALLTYPE *AddRef)(IDMLPageable *This);
    ULONG(STDMETHODCALLTYPE *Release)(IDMLPageable *This);
    HRESULT(STDMETHODCALLTYPE *GetPrivateData)
    (IDMLPageable *This, REFGUID guid, UINT *dataSize, void *data);
    HRESULT(STDMETHODCALLTYPE *SetPrivateData)
    (IDMLPageable *This, REFGUID guid, UINT dataSize, const void *data);
    HRESULT(STDMETHODCALLTYPE *SetPrivateDataInterface)
    (IDMLPageable *This, REFGUID guid, IUnknown *data);
    HRESULT(STDMETHODCALLTYPE *SetName)(IDMLPageable *This, PCWSTR name);
    HRESULT(STDMETHODCALLTYPE *GetDevice)(IDMLPageable *This, REFIID riid, void **ppv);
} IDMLPageableVtbl;

struct IDMLPageable
{
    CONST_VTBL IDMLPageableVtbl *lpVtbl;
};

typedef struct IDMLOperatorVtbl
{
    HRESULT(STDMETHODCALLTYPE *QueryInterface)(IDMLOperator *This, REFIID riid, void **ppvObject);
    ULONG(STDMETHODCALLTYPE *AddRef)(IDMLOperator *This);
    ULONG(STDMETHODCALLTYPE *Release)(IDMLOperator *This);
    HRESULT(STDMETHODCALLTYPE *GetPrivateData)
    (IDMLOperator *This, REFGUID guid, UINT *dataSize, void *data);
    HRESULT(STDMETHODCALLTYPE *SetPrivateData)
    (IDMLOperator *This, REFGUID guid, UINT dataSize, const void *data);
    HRESULT(STDMETHODCALLTYPE *SetPrivateDataInterface)
    (IDMLOperator *This, REFGUID guid, IUnknown *data);
    HRESULT(STDMETHODCALLTYPE *SetName)(IDMLOperator *This, PCWSTR name);
    HRESULT(STDMETHODCALLTYPE *GetDevice)(IDMLOperator *This, REFIID riid, void **ppv);
} IDMLOperatorVtbl;

struct IDMLOperator
{
    CONST_VTBL IDMLOperatorVtbl *lpVtbl;
};

typedef struct IDMLDispatchableVtbl
{
    HRESULT(STDMETHODCALLTYPE *QueryInterface)
    (IDMLDispatchable *This, REFIID riid, void **ppvObject);
    ULONG(STDMETHODCALLTYPE *AddRef)(IDMLDispatchable *This);
    ULONG(STDMETHODCALLTYPE *Release)(IDMLDispatchable *This);
    HRESULT(STDMETHODCALLTYPE *GetPrivateData)
    (IDMLDispatchable *This, REFGUID guid, UINT *dataSize, void *data);
    HRESULT(STDMETHODCALLTYPE *SetPrivateData)
    (IDMLDispatchable *This, REFGUID guid, UINT dataSize, const void *data);
    HRESULT(STDMETHODCALLTYPE *SetPrivateDataInterface)
    (IDMLDispatchable *This, REFGUID guid, IUnknown *data);
    HRESULT(STDMETHODCALLTYPE *SetName)(IDMLDispatchable *This, PCWSTR name);
    HRESULT(STDMETHODCALLTYPE *GetDevice)(IDMLDispatchable *This, REFIID riid, void **ppv);
    DML_BINDING_PROPERTIES(STDMETHODCALLTYPE *GetBindingProperties)(IDMLDispatchable *This);
} IDMLDispatchableVtbl;

struct IDMLDispatchable
{
    CONST_VTBL IDMLDispatchableVtbl *lpVtbl;
};

typedef struct IDMLCompiledOperatorVtbl
{
    HRESULT(STDMETHODCALLTYPE *QueryInterface)
    (IDMLCompiledOperator *This, REFIID riid, void **ppvObject);
    ULONG(STDMETHODCALLTYPE *AddRef)(IDMLCompiledOperator *This);
    ULONG(STDMETHODCALLTYPE *Release)(IDMLCompiledOperator *This);
    HRESULT(STDMETHODCALLTYPE *GetPrivateData)
    (IDMLCompiledOperator *This, REFGUID guid, UINT *dataSize, void *data);
    HRESULT(STDMETHODCALLTYPE *SetPrivateData)
    (IDMLCompiledOperator *This, REFGUID guid, UINT dataSize, const void *data);
    HRESULT(STDMETHODCALLTYPE *SetPrivateDataInterface)
    (IDMLCompiledOperator *This, REFGUID guid, IUnknown *data);
    HRESULT(STDMETHODCALLTYPE *SetName)(IDMLCompiledOperator *This, PCWSTR name);
    HRESULT(STDMETHODCALLTYPE *GetDevice)(IDMLCompiledOperator *This, REFIID riid, void **ppv);
    DML_BINDING_PROPERTIES(STDMETHODCALLTYPE *GetBindingProperties)(IDMLCompiledOperator *This);
} IDMLCompiledOperatorVtbl;

struct IDMLCompiledOperator
{
    CONST_VTBL IDMLCompiledOperatorVtbl *lpVtbl;
};

typedef struct IDMLOperatorInitializerVtbl
{
    HRESULT(STDMETHODCALLTYPE *QueryInterface)
    (IDMLOperatorInitializer *This, REFIID riid, void **ppvObject);
    ULONG(STDMETHODCALLTYPE *AddRef)(IDMLOperatorInitializer *This);
    ULONG(STDMETHODCALLTYPE *Release)(IDMLOperatorInitializer *This);
    HRESULT(STDMETHODCALLTYPE *GetPrivateData)
    (IDMLOperatorInitializer *This, REFGUID guid, UINT *dataSize, void *data);
    HRESULT(STDMETHODCALLTYPE *SetPrivateData)
    (IDMLOperatorInitializer *This, REFGUID guid, UINT dataSize, const void *data);
    HRESULT(STDMETHODCALLTYPE *SetPrivateDataInterface)
    (IDMLOperatorInitializer *This, REFGUID guid, IUnknown *data);
    HRESULT(STDMETHODCALLTYPE *SetName)(IDMLOperatorInitializer *This, PCWSTR name);
    HRESULT(STDMETHODCALLTYPE *GetDevice)(IDMLOperatorInitializer *This, REFIID riid, void **ppv);
    DML_BINDING_PROPERTIES(STDMETHODCALLTYPE *GetBindingProperties)(IDMLOperatorInitializer *This);
    HRESULT(STDMETHODCALLTYPE *Reset)
    (IDMLOperatorInitializer *This, UINT operatorCount, IDMLCompiledOperator *const *operators);
} IDMLOperatorInitializerVtbl;

struct IDMLOperatorInitializer
{
    CONST_VTBL IDMLOperatorInitializerVtbl *lpVtbl;
};

typedef struct IDMLBindingTableVtbl
{
    HRESULT(STDMETHODCALLTYPE *QueryInterface)
    (IDMLBindingTable *This, REFIID riid, void **ppvObject);
    ULONG(STDMETHODCALLTYPE *AddRef)(IDMLBindingTable *This);
    ULONG(STDMETHODCALLTYPE *Release)(IDMLBindingTable *This);
    HRESULT(STDMETHODCALLTYPE *GetPrivateData)
    (IDMLBindingTable *This, REFGUID guid, UINT *dataSize, void *data);
    HRESULT(STDMETHODCALLTYPE *SetPrivateData)
    (IDMLBindingTable *This, REFGUID guid, UINT dataSize, const void *data);
    HRESULT(STDMETHODCALLTYPE *SetPrivateDataInterface)
    (IDMLBindingTable *This, REFGUID guid, IUnknown *data);
    HRESULT(STDMETHODCALLTYPE *SetName)(IDMLBindingTable *This, PCWSTR name);
    HRESULT(STDMETHODCALLTYPE *GetDevice)(IDMLBindingTable *This, REFIID riid, void **ppv);
    void(STDMETHODCALLTYPE *BindInputs)(IDMLBindingTable *This, UINT bindingCount,
                                        const DML_BINDING_DESC *bindings);
    void(STDMETHODCALLTYPE *BindOutputs)(IDMLBindingTable *This, UINT bindingCount,
                                         const DML_BINDING_DESC *bindings);
    void(STDMETHODCALLTYPE *BindTemporaryResource)(IDMLBindingTable *This,
                                                   const DML_BINDING_DESC *binding);
    void(STDMETHODCALLTYPE *BindPersistentResource)(IDMLBindingTable *This,
                                                    const DML_BINDING_DESC *binding);
    HRESULT(STDMETHODCALLTYPE *Reset)(IDMLBindingTable *This, const DML_BINDING_TABLE_DESC *desc);
} IDMLBindingTableVtbl;

struct IDMLBindingTable
{
    CONST_VTBL IDMLBindingTableVtbl *lpVtbl;
};

typedef struct IDMLCommandRecorderVtbl
{
    HRESULT(STDMETHODCALLTYPE *QueryInterface)
    (IDMLCommandRecorder *This, REFIID riid, void **ppvObject);
    ULONG(STDMETHODCALLTYPE *AddRef)(IDMLCommandRecorder *This);
    ULONG(STDMETHODCALLTYPE *Release)(IDMLCommandRecorder *This);
    HRESULT(STDMETHODCALLTYPE *GetPrivateData)
    (IDMLCommandRecorder *This, REFGUID guid, UINT *dataSize, void *data);
    HRESULT(STDMETHODCALLTYPE *SetPrivateData)
    (IDMLCommandRecorder *This, REFGUID guid, UINT dataSize, const void *data);
    HRESULT(STDMETHODCALLTYPE *SetPrivateDataInterface)
    (IDMLCommandRecorder *This, REFGUID guid, IUnknown *data);
    HRESULT(STDMETHODCALLTYPE *SetName)(IDMLCommandRecorder *This, PCWSTR name);
    HRESULT(STDMETHODCALLTYPE *GetDevice)(IDMLCommandRecorder *This, REFIID riid, void **ppv);
    void(STDMETHODCALLTYPE *RecordDispatch)(IDMLCommandRecorder *This,
                                            ID3D12CommandList *commandList,
                                            IDMLDispatchable *dispatchable,
                                            IDMLBindingTable *bindings);
} IDMLCommandRecorderVtbl;

struct IDMLCommandRecorder
{
    CONST_VTBL IDMLCommandRecorderVtbl *lpVtbl;
};

typedef struct IDMLDebugDeviceVtbl
{
    HRESULT(STDMETHODCALLTYPE *QueryInterface)
    (IDMLDebugDevice *This, REFIID riid, void **ppvObject);
    ULONG(STDMETHODCALLTYPE *AddRef)(IDMLDebugDevice *This);
    ULONG(STDMETHODCALLTYPE *Release)(IDMLDebugDevice *This);
    void(STDMETHODCALLTYPE *SetMuteDebugOutput)(IDMLDebugDevice *This, BOOL mute);
} IDMLDebugDeviceVtbl;

struct IDMLDebugDevice
{
    CONST_VTBL IDMLDebugDeviceVtbl *lpVtbl;
};

typedef struct IDMLDevice1Vtbl
{
    HRESULT(STDMETHODCALLTYPE *QueryInterface)(IDMLDevice1 *This, REFIID riid, void **ppvObject);
    ULONG(STDMETHODCALLTYPE *AddRef)(IDMLDevice1 *This);
    ULONG(STDMETHODCALLTYPE *Release)(IDMLDevice1 *This);
    HRESULT(STDMETHODCALLTYPE *GetPrivateData)
    (IDMLDevice1 *This, REFGUID guid, UINT *dataSize, void *data);
    HRESULT(STDMETHODCALLTYPE *SetPrivateData)
    (IDMLDevice1 *This, REFGUID guid, UINT dataSize, const void *data);
    HRESULT(STDMETHODCALLTYPE *SetPrivateDataInterface)
    (IDMLDevice1 *This, REFGUID guid, IUnknown *data);
    HRESULT(STDMETHODCALLTYPE *SetName)(IDMLDevice1 *This, PCWSTR name);
    HRESULT(STDMETHODCALLTYPE *CheckFeatureSupport)
    (IDMLDevice1 *This, DML_FEATURE feature, UINT featureQueryDataSize,
     const void *featureQueryData, UINT featureSupportDataSize, void *featureSupportData);
    HRESULT(STDMETHODCALLTYPE *CreateOperator)
    (IDMLDevice1 *This, const DML_OPERATOR_DESC *desc, REFIID riid, void **ppv);
    HRESULT(STDMETHODCALLTYPE *CompileOperator)
    (IDMLDevice1 *This, IDMLOperator *op, DML_EXECUTION_FLAGS flags, REFIID riid, void **ppv);
    HRESULT(STDMETHODCALLTYPE *CreateOperatorInitializer)
    (IDMLDevice1 *This, UINT operatorCount, IDMLCompiledOperator *const *operators, REFIID riid,
     void **ppv);
    HRESULT(STDMETHODCALLTYPE *CreateCommandRecorder)(IDMLDevice1 *This, REFIID riid, void **ppv);
    HRESULT(STDMETHODCALLTYPE *CreateBindingTable)
    (IDMLDevice1 *This, const DML_BINDING_TABLE_DESC *desc, REFIID riid, void **ppv);
    HRESULT(STDMETHODCALLTYPE *Evict)
    (IDMLDevice1 *This, UINT count, IDMLPageable *const *ppObjects);
    HRESULT(STDMETHODCALLTYPE *MakeResident)
    (IDMLDevice1 *This, UINT count, IDMLPageable *const *ppObjects);
    HRESULT(STDMETHODCALLTYPE *GetDeviceRemovedReason)(IDMLDevice1 *This);
    HRESULT(STDMETHODCALLTYPE *GetParentDevice)(IDMLDevice1 *This, REFIID riid, void **ppv);
    HRESULT(STDMETHODCALLTYPE *CompileGraph)
    (IDMLDevice1 *This, const DML_GRAPH_DESC *desc, DML_EXECUTION_FLAGS flags, REFIID riid,
     void **ppv);
} IDMLDevice1Vtbl;

struct IDMLDevice1
{
    CONST_VTBL IDMLDevice1Vtbl *lpVtbl;
};
#ifdef COBJMACROS
#define IDMLObject_QueryInterface(This, riid, ppvObject)                                           \
    ((This)->lpVtbl->QueryInterface((This), riid, ppvObject))
#define IDMLObject_AddRef(This) ((This)->lpVtbl->AddRef((This)))
#define IDMLObject_Release(This) ((This)->lpVtbl->Release((This)))
#define IDMLObject_GetPrivateData(This, guid, dataSize, data)                                      \
    ((This)->lpVtbl->GetPrivateData((This), guid, dataSize, data))
#define IDMLObject_SetPrivateData(This, guid, dataSize, data)                                      \
    ((This)->lpVtbl->SetPrivateData((This), guid, dataSize, data))
#define IDMLObject_SetPrivateDataInterface(This, guid, data)                                       \
    ((This)->lpVtbl->SetPrivateDataInterface((This), guid, data))
#define IDMLObject_SetName(This, name) ((This)->lpVtbl->SetName((This), name))

#define IDMLDevice_QueryInterface(This, riid, ppvObject)                                           \
    ((This)->lpVtbl->QueryInterface((This), riid, ppvObject))
#define IDMLDevice_AddRef(This) ((This)->lpVtbl->AddRef((This)))
#define IDMLDevice_Release(This) ((This)->lpVtbl->Release((This)))
#define IDMLDevice_GetPrivateData(This, guid, dataSize, data)                                      \
    ((This)->lpVtbl->GetPrivateData((This), guid, dataSize, data))
#define IDMLDevice_SetPrivateData(This, guid, dataSize, data)                                      \
    ((This)->lpVtbl->SetPrivateData((This), guid, dataSize, data))
#define IDMLDevice_SetPrivateDataInterface(This, guid, data)                                       \
    ((This)->lpVtbl->SetPrivateDataInterface((This), guid, data))
#define IDMLDevice_SetName(This, name) ((This)->lpVtbl->SetName((This), name))
#define IDMLDevice_CheckFeatureSupport(This, feature, featureQueryDataSize, featureQueryData,      \
                                       featureSupportDataSize, featureSupportData)                 \
    ((This)->lpVtbl->CheckFeatureSupport((This), feature, featureQueryDataSize, featureQueryData,  \
                                         featureSupportDataSize, featureSupportData))
#define IDMLDevice_CreateOperator(This, desc, riid, ppv)                                           \
    ((This)->lpVtbl->CreateOperator((This), desc, riid, ppv))
#define IDMLDevice_CompileOperator(This, op, flags, riid, ppv)                                     \
    ((This)->lpVtbl->CompileOperator((This), op, flags, riid, ppv))
#define IDMLDevice_CreateOperatorInitializer(This, operatorCount, operators, riid, ppv)            \
    ((This)->lpVtbl->CreateOperatorInitializer((This), operatorCount, operators, riid, ppv))
#define IDMLDevice_CreateCommandRecorder(This, riid, ppv)                                          \
    ((This)->lpVtbl->CreateCommandRecorder((This), riid, ppv))
#define IDMLDevice_CreateBindingTable(This, desc, riid, ppv)                                       \
    ((This)->lpVtbl->CreateBindingTable((This), desc, riid, ppv))
#define IDMLDevice_Evict(This, count, ppObjects) ((This)->lpVtbl->Evict((This), count, ppObjects))
#define IDMLDevice_MakeResident(This, count, ppObjects)                                            \
    ((This)->lpVtbl->MakeResident((This), count, ppObjects))
#define IDMLDevice_GetDeviceRemovedReason(This) ((This)->lpVtbl->GetDeviceRemovedReason((This)))
#define IDMLDevice_GetParentDevice(This, riid, ppv)                                                \
    ((This)->lpVtbl->GetParentDevice((This), riid, ppv))

#define IDMLDeviceChild_QueryInterface(This, riid, ppvObject)                                      \
    ((This)->lpVtbl->QueryInterface((This), riid, ppvObject))
#define IDMLDeviceChild_AddRef(This) ((This)->lpVtbl->AddRef((This)))
#define IDMLDeviceChild_Release(This) ((This)->lpVtbl->Release((This)))
#define IDMLDeviceChild_GetPrivateData(This, guid, dataSize, data)                                 \
    ((This)->lpVtbl->GetPrivateData((This), guid, dataSize, data))
#define IDMLDeviceChild_SetPrivateData(This, guid, dataSize, data)                                 \
    ((This)->lpVtbl->SetPrivateData((This), guid, dataSize, data))
#define IDMLDeviceChild_SetPrivateDataInterface(This, guid, data)                                  \
    ((This)->lpVtbl->SetPrivateDataInterface((This), guid, data))
#define IDMLDeviceChild_SetName(This, name) ((This)->lpVtbl->SetName((This), name))
#define IDMLDeviceChild_GetDevice(This, riid, ppv) ((This)->lpVtbl->GetDevice((This), riid, ppv))

#define IDMLPageable_QueryInterface(This, riid, ppvObject)                                         \
    ((This)->lpVtbl->QueryInterface((This), riid, ppvObject))
#define IDMLPageable_AddRef(This) ((This)->lpVtbl->AddRef((This)))
#define IDMLPageable_Release(This) ((This)->lpVtbl->Release((This)))
#define IDMLPageable_GetPrivateData(This, guid, dataSize, data)                                    \
    ((This)->lpVtbl->GetPrivateData((This), guid, dataSize, data))
#define IDMLPageable_SetPrivateData(This, guid, dataSize, data)                                    \
    ((This)->lpVtbl->SetPrivateData((This), guid, dataSize, data))
#define IDMLPageable_SetPrivateDataInterface(This, guid, data)                                     \
    ((This)->lpVtbl->SetPrivateDataInterface((This), guid, data))
#define IDMLPageable_SetName(This, name) ((This)->lpVtbl->SetName((This), name))
#define IDMLPageable_GetDevice(This, riid, ppv) ((This)->lpVtbl->GetDevice((This), riid, ppv))

#define IDMLOperator_QueryInterface(This, riid, ppvObject)                                         \
    ((This)->lpVtbl->QueryInterface((This), riid, ppvObject))
#define IDMLOperator_AddRef(This) ((This)->lpVtbl->AddRef((This)))
#define IDMLOperator_Release(This) ((This)->lpVtbl->Release((This)))
#define IDMLOperator_GetPrivateData(This, guid, dataSize, data)                                    \
    ((This)->lpVtbl->GetPrivateData((This), guid, dataSize, data))
#define IDMLOperator_SetPrivateData(This, guid, dataSize, data)                                    \
    ((This)->lpVtbl->SetPrivateData((This), guid, dataSize, data))
#define IDMLOperator_SetPrivateDataInterface(This, guid, data)                                     \
    ((This)->lpVtbl->SetPrivateDataInterface((This), guid, data))
#define IDMLOperator_SetName(This, name) ((This)->lpVtbl->SetName((This), name))
#define IDMLOperator_GetDevice(This, riid, ppv) ((This)->lpVtbl->GetDevice((This), riid, ppv))

#define IDMLDispatchable_QueryInterface(This, riid, ppvObject)                                     \
    ((This)->lpVtbl->QueryInterface((This), riid, ppvObject))
#define IDMLDispatchable_AddRef(This) ((This)->lpVtbl->AddRef((This)))
#define IDMLDispatchable_Release(This) ((This)->lpVtbl->Release((This)))
#define IDMLDispatchable_GetPrivateData(This, guid, dataSize, data)                                \
    ((This)->lpVtbl->GetPrivateData((This), guid, dataSize, data))
#define IDMLDispatchable_SetPrivateData(This, guid, dataSize, data)                                \
    ((This)->lpVtbl->SetPrivateData((This), guid, dataSize, data))
#define IDMLDispatchable_SetPrivateDataInterface(This, guid, data)                                 \
    ((This)->lpVtbl->SetPrivateDataInterface((This), guid, data))
#define IDMLDispatchable_SetName(This, name) ((This)->lpVtbl->SetName((This), name))
#define IDMLDispatchable_GetDevice(This, riid, ppv) ((This)->lpVtbl->GetDevice((This), riid, ppv))
#define IDMLDispatchable_GetBindingProperties(This) ((This)->lpVtbl->GetBindingProperties((This)))

#define IDMLCompiledOperator_QueryInterface(This, riid, ppvObject)                                 \
    ((This)->lpVtbl->QueryInterface((This), riid, ppvObject))
#define IDMLCompiledOperator_AddRef(This) ((This)->lpVtbl->AddRef((This)))
#define IDMLCompiledOperator_Release(This) ((This)->lpVtbl->Release((This)))
#define IDMLCompiledOperator_GetPrivateData(This, guid, dataSize, data)                            \
    ((This)->lpVtbl->GetPrivateData((This), guid, dataSize, data))
#define IDMLCompiledOperator_SetPrivateData(This, guid, dataSize, data)                            \
    ((This)->lpVtbl->SetPrivateData((This), guid, dataSize, data))
#define IDMLCompiledOperator_SetPrivateDataInterface(This, guid, data)                             \
    ((This)->lpVtbl->SetPrivateDataInterface((This), guid, data))
#define IDMLCompiledOperator_SetName(This, name) ((This)->lpVtbl->SetName((This), name))
#define IDMLCompiledOperator_GetDevice(This, riid, ppv)                                            \
    ((This)->lpVtbl->GetDevice((This), riid, ppv))
#define IDMLCompiledOperator_GetBindingProperties(This)                                            \
    ((This)->lpVtbl->GetBindingProperties((This)))

#define IDMLOperatorInitializer_QueryInterface(This, riid, ppvObject)                              \
    ((This)->lpVtbl->QueryInterface((This), riid, ppvObject))
#define IDMLOperatorInitializer_AddRef(This) ((This)->lpVtbl->AddRef((This)))
#define IDMLOperatorInitializer_Release(This) ((This)->lpVtbl->Release((This)))
#define IDMLOperatorInitializer_GetPrivateData(This, guid, dataSize, data)                         \
    ((This)->lpVtbl->GetPrivateData((This), guid, dataSize, data))
#define IDMLOperatorInitializer_SetPrivateData(This, guid, dataSize, data)                         \
    ((This)->lpVtbl->SetPrivateData((This), guid, dataSize, data))
#define IDMLOperatorInitializer_SetPrivateDataInterface(This, guid, data)                          \
    ((This)->lpVtbl->SetPrivateDataInterface((This), guid, data))
#define IDMLOperatorInitializer_SetName(This, name) ((This)->lpVtbl->SetName((This), name))
#define IDMLOperatorInitializer_GetDevice(This, riid, ppv)                                         \
    ((This)->lpVtbl->GetDevice((This), riid, ppv))
#define IDMLOperatorInitializer_GetBindingProperties(This)                                         \
    ((This)->lpVtbl->GetBindingProperties((This)))
#define IDMLOperatorInitializer_Reset(This, operatorCount, operators)                              \
    ((This)->lpVtbl->Reset((This), operatorCount, operators))

#define IDMLBindingTable_QueryInterface(This, riid, ppvObject)                                     \
    ((This)->lpVtbl->QueryInterface((This), riid, ppvObject))
#define IDMLBindingTable_AddRef(This) ((This)->lpVtbl->AddRef((This)))
#define IDMLBindingTable_Release(This) ((This)->lpVtbl->Release((This)))
#define IDMLBindingTable_GetPrivateData(This, guid, dataSize, data)                                \
    ((This)->lpVtbl->GetPrivateData((This), guid, dataSize, data))
#define IDMLBindingTable_SetPrivateData(This, guid, dataSize, data)                                \
    ((This)->lpVtbl->SetPrivateData((This), guid, dataSize, data))
#define IDMLBindingTable_SetPrivateDataInterface(This, guid, data)                                 \
    ((This)->lpVtbl->SetPrivateDataInterface((This), guid, data))
#define IDMLBindingTable_SetName(This, name) ((This)->lpVtbl->SetName((This), name))
#define IDMLBindingTable_GetDevice(This, riid, ppv) ((This)->lpVtbl->GetDevice((This), riid, ppv))
#define IDMLBindingTable_BindInputs(This, bindingCount, bindings)                                  \
    ((This)->lpVtbl->BindInputs((This), bindingCount, bindings))
#define IDMLBindingTable_BindOutputs(This, bindingCount, bindings)                                 \
    ((This)->lpVtbl->BindOutputs((This), bindingCount, bindings))
#define IDMLBindingTable_BindTemporaryResource(This, binding)                                      \
    ((This)->lpVtbl->BindTemporaryResource((This), binding))
#define IDMLBindingTable_BindPersistentResource(This, binding)                                     \
    ((This)->lpVtbl->BindPersistentResource((This), binding))
#define IDMLBindingTable_Reset(This, desc) ((This)->lpVtbl->Reset((This), desc))

#define IDMLCommandRecorder_QueryInterface(This, riid, ppvObject)                                  \
    ((This)->lpVtbl->QueryInterface((This), riid, ppvObject))
#define IDMLCommandRecorder_AddRef(This) ((This)->lpVtbl->AddRef((This)))
#define IDMLCommandRecorder_Release(This) ((This)->lpVtbl->Release((This)))
#define IDMLCommandRecorder_GetPrivateData(This, guid, dataSize, data)                             \
    ((This)->lpVtbl->GetPrivateData((This), guid, dataSize, data))
#define IDMLCommandRecorder_SetPrivateData(This, guid, dataSize, data)                             \
    ((This)->lpVtbl->SetPrivateData((This), guid, dataSize, data))
#define IDMLCommandRecorder_SetPrivateDataInterface(This, guid, data)                              \
    ((This)->lpVtbl->SetPrivateDataInterface((This), guid, data))
#define IDMLCommandRecorder_SetName(This, name) ((This)->lpVtbl->SetName((This), name))
#define IDMLCommandRecorder_GetDevice(This, riid, ppv)                                             \
    ((This)->lpVtbl->GetDevice((This), riid, ppv))
#define IDMLCommandRecorder_RecordDispatch(This, commandList, dispatchable, bindings)              \
    ((This)->lpVtbl->RecordDispatch((This), commandList, dispatchable, bindings))

#define IDMLDebugDevice_QueryInterface(This, riid, ppvObject)                                      \
    ((This)->lpVtbl->QueryInterface((This), riid, ppvObject))
#define IDMLDebugDevice_AddRef(This) ((This)->lpVtbl->AddRef((This)))
#define IDMLDebugDevice_Release(This) ((This)->lpVtbl->Release((This)))
#define IDMLDebugDevice_SetMuteDebugOutput(This, mute)                                             \
    ((This)->lpVtbl->SetMuteDebugOutput((This), mute))

#define IDMLDevice1_QueryInterface(This, riid, ppvObject)                                          \
    ((This)->lpVtbl->QueryInterface((This), riid, ppvObject))
#define IDMLDevice1_AddRef(This) ((This)->lpVtbl->AddRef((This)))
#define IDMLDevice1_Release(This) ((This)->lpVtbl->Release((This)))
#define IDMLDevice1_GetPrivateData(This, guid, dataSize, data)                                     \
    ((This)->lpVtbl->GetPrivateData((This), guid, dataSize, data))
#define IDMLDevice1_SetPrivateData(This, guid, dataSize, data)                                     \
    ((This)->lpVtbl->SetPrivateData((This), guid, dataSize, data))
#define IDMLDevice1_SetPrivateDataInterface(This, guid, data)                                      \
    ((This)->lpVtbl->SetPrivateDataInterface((This), guid, data))
#define IDMLDevice1_SetName(This, name) ((This)->lpVtbl->SetName((This), name))
#define IDMLDevice1_CheckFeatureSupport(This, feature, featureQueryDataSize, featureQueryData,     \
                                        featureSupportDataSize, featureSupportData)                \
    ((This)->lpVtbl->CheckFeatureSupport((This), feature, featureQueryDataSize, featureQueryData,  \
                                         featureSupportDataSize, featureSupportData))
#define IDMLDevice1_CreateOperator(This, desc, riid, ppv)                                          \
    ((This)->lpVtbl->CreateOperator((This), desc, riid, ppv))
#define IDMLDevice1_CompileOperator(This, op, flags, riid, ppv)                                    \
    ((This)->lpVtbl->CompileOperator((This), op, flags, riid, ppv))
#define IDMLDevice1_CreateOperatorInitializer(This, operatorCount, operators, riid, ppv)           \
    ((This)->lpVtbl->CreateOperatorInitializer((This), operatorCount, operators, riid, ppv))
#define IDMLDevice1_CreateCommandRecorder(This, riid, ppv)                                         \
    ((This)->lpVtbl->CreateCommandRecorder((This), riid, ppv))
#define IDMLDevice1_CreateBindingTable(This, desc, riid, ppv)                                      \
    ((This)->lpVtbl->CreateBindingTable((This), desc, riid, ppv))
#define IDMLDevice1_Evict(This, count, ppObjects) ((This)->lpVtbl->Evict((This), count, ppObjects))
#define IDMLDevice1_MakeResident(This, count, ppObjects)                                           \
    ((This)->lpVtbl->MakeResident((This), count, ppObjects))
#define IDMLDevice1_GetDeviceRemovedReason(This) ((This)->lpVtbl->GetDeviceRemovedReason((This)))
#define IDMLDevice1_GetParentDevice(This, riid, ppv)                                               \
    ((This)->lpVtbl->GetParentDevice((This), riid, ppv))
#define IDMLDevice1_CompileGraph(This, desc, flags, riid, ppv)                                     \
    ((This)->lpVtbl->CompileGraph((This), desc, flags, riid, ppv))
#endif /* COBJMACROS */

#endif /* C */

#endif /* DMLOPS_DIRECTML_H */
