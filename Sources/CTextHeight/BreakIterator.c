#include "CTextHeight.h"
#include <unicode/ubrk.h>
#include <unicode/uversion.h>
#include <stdio.h>

struct th_break_iterator;

th_break_iterator *th_break_open(th_break_kind kind, const char *locale, int32_t *error_code) {
    UErrorCode status = U_ZERO_ERROR;
    UBreakIteratorType type = kind == TH_BREAK_LINE ? UBRK_LINE : UBRK_CHARACTER;
    UBreakIterator *iterator = ubrk_open(type, locale, NULL, 0, &status);
    *error_code = (int32_t)status;
    if (U_FAILURE(status)) {
        if (iterator) ubrk_close(iterator);
        return NULL;
    }
    return (th_break_iterator *)iterator;
}

void th_break_close(th_break_iterator *iterator) {
    if (iterator) ubrk_close((UBreakIterator *)iterator);
}

int32_t th_break_set_text(th_break_iterator *iterator, const uint16_t *text, int32_t length) {
    UErrorCode status = U_ZERO_ERROR;
    ubrk_setText((UBreakIterator *)iterator, (const UChar *)text, length, &status);
    return (int32_t)status;
}

int32_t th_break_next(th_break_iterator *iterator, int32_t *is_hard) {
    UBreakIterator *it = (UBreakIterator *)iterator;
    int32_t position = ubrk_next(it);
    if (position == UBRK_DONE) return -1;
    int32_t status = ubrk_getRuleStatus(it);
    // UBRK_LINE_HARD..UBRK_LINE_HARD_LIMIT marks mandatory breaks; grapheme iterators return 0.
    *is_hard = status >= UBRK_LINE_HARD && status < UBRK_LINE_HARD_LIMIT;
    return position;
}

void th_icu_version(char *out, int32_t capacity) {
    UVersionInfo info;
    u_getVersion(info);
    if (capacity >= U_MAX_VERSION_STRING_LENGTH) u_versionToString(info, out);
    else if (capacity > 0) out[0] = 0;
}
