#include "CTextHeight.h"
#include <unicode/upluralrules.h>
#include <unicode/uloc.h>
#include <unicode/uenum.h>
#include <stdlib.h>

// CLDR plural rules through ICU's C API (upluralrules.h), for `textheight strings`: the category
// of a number and the categories of a locale come from ICU, never from a table of ours.

struct th_plural_rules {
    UPluralRules *icu;
};

th_plural_rules *th_plural_open(const char *language_tag, int ordinal, int32_t *error_code) {
    UErrorCode status = U_ZERO_ERROR;
    // BCP 47 tags ("sr-Latn", "zh-Hant-TW") to ICU locale ids ("sr_Latn").
    char locale[ULOC_FULLNAME_CAPACITY];
    int32_t parsed = 0;
    uloc_forLanguageTag(language_tag, locale, (int32_t)sizeof locale, &parsed, &status);
    if (U_FAILURE(status) || status == U_STRING_NOT_TERMINATED_WARNING) {
        *error_code = U_FAILURE(status) ? (int32_t)status : (int32_t)U_ILLEGAL_ARGUMENT_ERROR;
        return NULL;
    }
    status = U_ZERO_ERROR;
    UPluralRules *icu = uplrules_openForType(locale, ordinal ? UPLURAL_TYPE_ORDINAL : UPLURAL_TYPE_CARDINAL, &status);
    *error_code = (int32_t)status;
    if (U_FAILURE(status)) {
        if (icu) uplrules_close(icu);
        return NULL;
    }
    th_plural_rules *rules = malloc(sizeof *rules);
    if (!rules) {
        uplrules_close(icu);
        return NULL;
    }
    rules->icu = icu;
    return rules;
}

void th_plural_close(th_plural_rules *rules) {
    if (!rules) return;
    uplrules_close(rules->icu);
    free(rules);
}

// Keywords are ASCII ("zero" … "other"): UChar to char by truncation is exact for them.
static int32_t ascii(const UChar *units, int32_t length, char *out, int32_t capacity) {
    if (capacity <= 0) return length;
    int32_t n = length < capacity - 1 ? length : capacity - 1;
    for (int32_t i = 0; i < n; i++) out[i] = units[i] < 0x80 ? (char)units[i] : '?';
    out[n] = 0;
    return length;
}

int32_t th_plural_select(const th_plural_rules *rules, double number, char *out, int32_t capacity) {
    UChar keyword[32];
    UErrorCode status = U_ZERO_ERROR;
    int32_t length = uplrules_select(rules->icu, number, keyword, 32, &status);
    if (U_FAILURE(status) || length > 32) return -1;
    return ascii(keyword, length, out, capacity);
}

int32_t th_plural_keywords(const th_plural_rules *rules, char *out, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    UEnumeration *keywords = uplrules_getKeywords(rules->icu, &status);
    if (U_FAILURE(status) || !keywords) return -1;
    int32_t written = 0;
    if (capacity > 0) out[0] = 0;
    int32_t length = 0;
    const char *keyword;
    while ((keyword = uenum_next(keywords, &length, &status)) && U_SUCCESS(status)) {
        // Space-separated, in ICU's order.
        if (written + length + 2 > capacity) {
            uenum_close(keywords);
            return -1;
        }
        if (written > 0) out[written++] = ' ';
        for (int32_t i = 0; i < length; i++) out[written++] = keyword[i];
        out[written] = 0;
    }
    uenum_close(keywords);
    return U_SUCCESS(status) ? written : -1;
}
