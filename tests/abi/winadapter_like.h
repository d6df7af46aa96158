/* A stand-in for DirectX-Headers' Linux adapter (include/wsl/winadapter.h and include/wsl/stubs),
 * written for this test: the same names with the same meanings, so that the test can show that
 * include/DirectML.h compiles after it and takes GUID, the base types, IUnknown, uuidof<T>() and
 * the flag operators from it. WINADAPTER_LIKE_STUBS selects the newer layout, where IUnknown
 * comes from the stubs' unknwnbase.h (with its include guard macros) instead of the adapter. */
#ifndef WINADAPTER_LIKE_H
#define WINADAPTER_LIKE_H

#include <stddef.h>
#include <stdint.h>

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
typedef const char *LPCSTR, *PCSTR;
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

#define STDMETHODCALLTYPE
#define S_OK ((HRESULT)0L)
#define E_INVALIDARG ((HRESULT)0x80070057L)

#ifdef __cplusplus
#define DEFINE_GUID(name, l, w1, w2, b1, b2, b3, b4, b5, b6, b7, b8) extern "C" const GUID name
#define REFGUID const GUID &
#define REFIID const IID &

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
#define __uuidof(x) uuidof(x)

#define DEFINE_ENUM_FLAG_OPERATORS(E)                                                              \
    extern "C++"                                                                                   \
    {                                                                                              \
        inline constexpr E operator|(E a, E b)                                                     \
        {                                                                                          \
            return E(int(a) | int(b));                                                             \
        }                                                                                          \
        inline E &operator|=(E &a, E b)                                                            \
        {                                                                                          \
            return a = E(int(a) | int(b));                                                         \
        }                                                                                          \
    }

#ifdef WINADAPTER_LIKE_STUBS
#define __RPCNDR_H_VERSION__
#define __IUnknown_INTERFACE_DEFINED__
#endif
struct IUnknown
{
    virtual HRESULT STDMETHODCALLTYPE QueryInterface(REFIID riid, void **ppvObject) = 0;
    virtual ULONG STDMETHODCALLTYPE AddRef() = 0;
    virtual ULONG STDMETHODCALLTYPE Release() = 0;
};
template <> constexpr GUID uuidof<IUnknown>()
{
    return {0, 0, 0, {0xc0, 0, 0, 0, 0, 0, 0, 0x46}};
}
template <typename T> void **IID_PPV_ARGS_Helper(T **pp)
{
    (void)static_cast<IUnknown *>(*pp);
    return reinterpret_cast<void **>(pp);
}
#define IID_PPV_ARGS(ppType) __uuidof(**(ppType)), IID_PPV_ARGS_Helper(ppType)
#else
#define DEFINE_GUID(name, l, w1, w2, b1, b2, b3, b4, b5, b6, b7, b8) extern const GUID name
#define REFGUID const GUID *
#define REFIID const IID *
#define DEFINE_ENUM_FLAG_OPERATORS(E)
#ifdef WINADAPTER_LIKE_STUBS
#define __IUnknown_INTERFACE_DEFINED__
typedef struct IUnknown IUnknown;
typedef struct IUnknownVtbl
{
    HRESULT (*QueryInterface)(IUnknown *This, REFIID riid, void **ppvObject);
    ULONG (*AddRef)(IUnknown *This);
    ULONG (*Release)(IUnknown *This);
} IUnknownVtbl;
struct IUnknown
{
    IUnknownVtbl *lpVtbl;
};
#endif
#endif

#endif /* WINADAPTER_LIKE_H */
