/* CheckFeatureSupport (spec 4.3, decisions D2 and D14). */
#include "vt.h"

#define POISON 0xdeadbeefu

static HRESULT data_type_query(DML_TENSOR_DATA_TYPE type, BOOL *supported)
{
    DML_FEATURE_QUERY_TENSOR_DATA_TYPE_SUPPORT query = {type};
    DML_FEATURE_DATA_TENSOR_DATA_TYPE_SUPPORT data = {POISON};
    HRESULT hr = dml_check_feature_support(VT_FL_MAX, DML_FEATURE_TENSOR_DATA_TYPE_SUPPORT,
                                           sizeof(query), &query, sizeof(data), &data);
    *supported = data.IsSupported;
    return hr;
}

static void every_byte_sized_type_is_supported(void **state)
{
    for (UINT type = DML_TENSOR_DATA_TYPE_FLOAT32; type <= DML_TENSOR_DATA_TYPE_INT64; ++type)
    {
        BOOL supported;
        assert_int_equal(data_type_query((DML_TENSOR_DATA_TYPE)type, &supported), S_OK);
        assert_int_equal(supported, TRUE);
    }
}

static void unknown_and_4bit_types_are_not(void **state)
{
    static const DML_TENSOR_DATA_TYPE types[] = {
        DML_TENSOR_DATA_TYPE_UNKNOWN, DML_TENSOR_DATA_TYPE_UINT4, DML_TENSOR_DATA_TYPE_INT4};

    for (size_t i = 0; i < VT_COUNT(types); ++i)
    {
        BOOL supported;
        assert_int_equal(data_type_query(types[i], &supported), S_OK);
        assert_int_equal(supported, FALSE);
    }
}

static void undefined_type_is_invalid(void **state)
{
    BOOL supported;

    assert_int_equal(data_type_query((DML_TENSOR_DATA_TYPE)14, &supported), E_INVALIDARG);
    assert_int_equal(supported, POISON);
    assert_int_equal(data_type_query((DML_TENSOR_DATA_TYPE)0xffffffffu, &supported), E_INVALIDARG);
    assert_int_equal(supported, POISON);
}

static void data_type_query_sizes_and_pointers(void **state)
{
    DML_FEATURE_QUERY_TENSOR_DATA_TYPE_SUPPORT query = {DML_TENSOR_DATA_TYPE_FLOAT32};
    DML_FEATURE_DATA_TENSOR_DATA_TYPE_SUPPORT data[2];
    const DML_FEATURE f = DML_FEATURE_TENSOR_DATA_TYPE_SUPPORT;

    assert_int_equal(dml_check_feature_support(VT_FL_MAX, f, 0, &query, 4, data), E_INVALIDARG);
    assert_int_equal(dml_check_feature_support(VT_FL_MAX, f, 8, &query, 4, data), E_INVALIDARG);
    assert_int_equal(dml_check_feature_support(VT_FL_MAX, f, 4, &query, 0, data), E_INVALIDARG);
    assert_int_equal(dml_check_feature_support(VT_FL_MAX, f, 4, &query, 8, data), E_INVALIDARG);
    assert_int_equal(dml_check_feature_support(VT_FL_MAX, f, 4, NULL, 4, data), E_INVALIDARG);
    assert_int_equal(dml_check_feature_support(VT_FL_MAX, f, 4, &query, 4, NULL), E_INVALIDARG);
    assert_int_equal(dml_check_feature_support(VT_FL_MAX, f, 4, &query, 4, data), S_OK);
}

static HRESULT levels_query(DML_FEATURE_LEVEL device, UINT count, const DML_FEATURE_LEVEL *list,
                            DML_FEATURE_LEVEL *max)
{
    DML_FEATURE_QUERY_FEATURE_LEVELS query = {count, list};
    DML_FEATURE_DATA_FEATURE_LEVELS data = {(DML_FEATURE_LEVEL)POISON};
    HRESULT hr = dml_check_feature_support(device, DML_FEATURE_FEATURE_LEVELS, sizeof(query),
                                           &query, sizeof(data), &data);
    *max = data.MaxSupportedFeatureLevel;
    return hr;
}

static const DML_FEATURE_LEVEL ascending[] = {
    DML_FEATURE_LEVEL_1_0, DML_FEATURE_LEVEL_2_0, DML_FEATURE_LEVEL_2_1, DML_FEATURE_LEVEL_3_0,
    DML_FEATURE_LEVEL_3_1, DML_FEATURE_LEVEL_4_0, DML_FEATURE_LEVEL_4_1, DML_FEATURE_LEVEL_5_0,
    DML_FEATURE_LEVEL_5_1, DML_FEATURE_LEVEL_5_2, DML_FEATURE_LEVEL_6_0, DML_FEATURE_LEVEL_6_1,
    DML_FEATURE_LEVEL_6_2, DML_FEATURE_LEVEL_6_3, DML_FEATURE_LEVEL_6_4};

static void levels_ascending_and_descending(void **state)
{
    DML_FEATURE_LEVEL descending[VT_COUNT(ascending)], max;

    for (size_t i = 0; i < VT_COUNT(ascending); ++i)
        descending[i] = ascending[VT_COUNT(ascending) - 1 - i];
    assert_int_equal(levels_query(VT_FL_MAX, VT_COUNT(ascending), ascending, &max), S_OK);
    assert_int_equal(max, DML_FEATURE_LEVEL_6_4);
    assert_int_equal(levels_query(VT_FL_MAX, VT_COUNT(descending), descending, &max), S_OK);
    assert_int_equal(max, DML_FEATURE_LEVEL_6_4);
    /* A device capped at 3.1 answers 3.1 in either order. */
    assert_int_equal(levels_query(DML_FEATURE_LEVEL_3_1, VT_COUNT(ascending), ascending, &max),
                     S_OK);
    assert_int_equal(max, DML_FEATURE_LEVEL_3_1);
    assert_int_equal(levels_query(DML_FEATURE_LEVEL_3_1, VT_COUNT(descending), descending, &max),
                     S_OK);
    assert_int_equal(max, DML_FEATURE_LEVEL_3_1);
}

static void levels_answer_only_from_the_list(void **state)
{
    /* Spec 4.3: a 3.0 device asked for {1_0, 2_0} answers 2_0. */
    const DML_FEATURE_LEVEL list[] = {DML_FEATURE_LEVEL_1_0, DML_FEATURE_LEVEL_2_0};
    DML_FEATURE_LEVEL max;

    assert_int_equal(levels_query(DML_FEATURE_LEVEL_3_0, 2, list, &max), S_OK);
    assert_int_equal(max, DML_FEATURE_LEVEL_2_0);
    assert_int_equal(levels_query(DML_FEATURE_LEVEL_3_0, 1, list, &max), S_OK);
    assert_int_equal(max, DML_FEATURE_LEVEL_1_0);
}

static void levels_unknown_values_are_ignored(void **state)
{
    const DML_FEATURE_LEVEL list[] = {(DML_FEATURE_LEVEL)0x7000, (DML_FEATURE_LEVEL)0x3050,
                                      DML_FEATURE_LEVEL_3_0, (DML_FEATURE_LEVEL)0,
                                      (DML_FEATURE_LEVEL)0xffffffffu};
    DML_FEATURE_LEVEL max;

    assert_int_equal(levels_query(VT_FL_MAX, VT_COUNT(list), list, &max), S_OK);
    assert_int_equal(max, DML_FEATURE_LEVEL_3_0);
}

static void levels_none_supported(void **state)
{
    const DML_FEATURE_LEVEL unknown[] = {(DML_FEATURE_LEVEL)0x7000, (DML_FEATURE_LEVEL)0x1001};
    const DML_FEATURE_LEVEL above[] = {DML_FEATURE_LEVEL_6_4, DML_FEATURE_LEVEL_3_0};
    DML_FEATURE_LEVEL max;

    assert_int_equal(levels_query(VT_FL_MAX, 2, unknown, &max), DXGI_ERROR_UNSUPPORTED);
    assert_int_equal(max, POISON);
    assert_int_equal(levels_query(DML_FEATURE_LEVEL_2_1, 2, above, &max), DXGI_ERROR_UNSUPPORTED);
    assert_int_equal(max, POISON);
}

static void levels_bad_parameters(void **state)
{
    DML_FEATURE_QUERY_FEATURE_LEVELS query = {1, ascending};
    DML_FEATURE_DATA_FEATURE_LEVELS data;
    const DML_FEATURE f = DML_FEATURE_FEATURE_LEVELS;
    DML_FEATURE_LEVEL max;

    assert_int_equal(levels_query(VT_FL_MAX, 0, ascending, &max), E_INVALIDARG); /* D14 */
    assert_int_equal(max, POISON);
    assert_int_equal(levels_query(VT_FL_MAX, 3, NULL, &max), E_INVALIDARG);
    assert_int_equal(dml_check_feature_support(VT_FL_MAX, f, 8, &query, 4, &data), E_INVALIDARG);
    assert_int_equal(dml_check_feature_support(VT_FL_MAX, f, 16, &query, 8, &data), E_INVALIDARG);
    assert_int_equal(dml_check_feature_support(VT_FL_MAX, f, 16, NULL, 4, &data), E_INVALIDARG);
    assert_int_equal(dml_check_feature_support(VT_FL_MAX, f, 16, &query, 4, NULL), E_INVALIDARG);
    assert_int_equal(dml_check_feature_support(VT_FL_MAX, f, 16, &query, 4, &data), S_OK);
}

static void unknown_feature_is_unsupported(void **state)
{
    UINT query = 0, data = POISON;

    assert_int_equal(dml_check_feature_support(VT_FL_MAX, (DML_FEATURE)2, 4, &query, 4, &data),
                     DXGI_ERROR_UNSUPPORTED);
    assert_int_equal(
        dml_check_feature_support(VT_FL_MAX, (DML_FEATURE)0xffffffffu, 4, &query, 4, &data),
        DXGI_ERROR_UNSUPPORTED);
    assert_int_equal(data, POISON);
}

static const struct CMUnitTest tests[] = {
    cmocka_unit_test(every_byte_sized_type_is_supported),
    cmocka_unit_test(unknown_and_4bit_types_are_not),
    cmocka_unit_test(undefined_type_is_invalid),
    cmocka_unit_test(data_type_query_sizes_and_pointers),
    cmocka_unit_test(levels_ascending_and_descending),
    cmocka_unit_test(levels_answer_only_from_the_list),
    cmocka_unit_test(levels_unknown_values_are_ignored),
    cmocka_unit_test(levels_none_supported),
    cmocka_unit_test(levels_bad_parameters),
    cmocka_unit_test(unknown_feature_is_unsupported),
};

VT_GROUP("feature_support", tests)
