#include "CTextHeight.h"
#include <unicode/ubrk.h>
#include <unicode/uversion.h>
#include <stdio.h>
#include <stdlib.h>

struct th_break_iterator {
    UBreakIterator *icu;
    th_line_rules *rules;  // a line iterator's rules for the own loop (LineBreak.c); NULL otherwise
};

// The own loop reads the rules of this very iterator, so it serves every locale exactly.
static th_break_iterator *wrap(UBreakIterator *icu, th_break_kind kind) {
    th_break_iterator *iterator = calloc(1, sizeof *iterator);
    if (!iterator) {
        ubrk_close(icu);
        return NULL;
    }
    iterator->icu = icu;
    if (kind == TH_BREAK_LINE) {
        UErrorCode status = U_ZERO_ERROR;
        int32_t length = ubrk_getBinaryRules(icu, NULL, 0, &status);
        uint8_t *binary = U_SUCCESS(status) && length > 0 ? malloc((size_t)length) : NULL;
        if (binary) {
            ubrk_getBinaryRules(icu, binary, length, &status);
            if (U_SUCCESS(status)) iterator->rules = th_line_rules_open(binary, length);
            free(binary);
        }
    }
    return iterator;
}

th_break_iterator *th_break_open(th_break_kind kind, const char *locale, int32_t *error_code) {
    UErrorCode status = U_ZERO_ERROR;
    UBreakIteratorType type = kind == TH_BREAK_LINE ? UBRK_LINE : UBRK_CHARACTER;
    UBreakIterator *iterator = ubrk_open(type, locale, NULL, 0, &status);
    *error_code = (int32_t)status;
    if (U_FAILURE(status)) {
        if (iterator) ubrk_close(iterator);
        return NULL;
    }
    return wrap(iterator, kind);
}

th_break_iterator *th_break_open_line_rules(const uint16_t *rules, int32_t length, int32_t *error_code) {
    UErrorCode status = U_ZERO_ERROR;
    UParseError parse;
    UBreakIterator *iterator = ubrk_openRules((const UChar *)rules, length, NULL, 0, &parse, &status);
    *error_code = (int32_t)status;
    if (U_FAILURE(status)) {
        if (iterator) ubrk_close(iterator);
        return NULL;
    }
    return wrap(iterator, TH_BREAK_LINE);
}

void th_break_close(th_break_iterator *iterator) {
    if (!iterator) return;
    ubrk_close(iterator->icu);
    th_line_rules_close(iterator->rules);
    free(iterator);
}

int32_t th_break_set_text(th_break_iterator *iterator, const uint16_t *text, int32_t length) {
    UErrorCode status = U_ZERO_ERROR;
    ubrk_setText(iterator->icu, (const UChar *)text, length, &status);
    return (int32_t)status;
}

int32_t th_break_next(th_break_iterator *iterator) {
    int32_t position = ubrk_next(iterator->icu);
    return position == UBRK_DONE ? -1 : position;
}

int32_t th_break_line_ends(th_break_iterator *iterator, const uint16_t *text, int32_t length, int32_t *ends,
                           int32_t *dictionary_runs, int32_t *dictionary_run_count) {
    *dictionary_run_count = 0;
    if (!iterator->rules) return -1;
    return th_line_rules_ends(iterator->rules, text, length, ends, dictionary_runs, dictionary_run_count);
}

int th_break_has_line_rules(const th_break_iterator *iterator) { return iterator->rules != NULL; }

int32_t th_break_rules_source(const th_break_iterator *iterator, char *out, int32_t capacity) {
    return iterator->rules ? th_line_rules_source(iterator->rules, out, capacity) : 0;
}

void th_icu_version(char *out, int32_t capacity) {
    UVersionInfo info;
    u_getVersion(info);
    if (capacity >= U_MAX_VERSION_STRING_LENGTH) u_versionToString(info, out);
    else if (capacity > 0) out[0] = 0;
}
