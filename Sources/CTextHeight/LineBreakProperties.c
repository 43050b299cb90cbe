// Character properties behind CSS word-break (Blink text_break_iterator.cc): the UAX #14 class
// (break-all's table) and the general category (keep-all keeps letters and numbers together).
#include "CTextHeight.h"
#include <unicode/uchar.h>

int32_t th_line_break_class(uint32_t c) { return u_getIntPropertyValue((UChar32)c, UCHAR_LINE_BREAK); }

int th_is_letter_or_number(uint32_t c) { return (U_MASK(u_charType((UChar32)c)) & (U_GC_L_MASK | U_GC_N_MASK)) != 0; }

int th_is_mark(uint32_t c) { return (U_MASK(u_charType((UChar32)c)) & U_GC_M_MASK) != 0; }

int th_is_east_asian_wide(uint32_t c) {
    int32_t width = u_getIntPropertyValue((UChar32)c, UCHAR_EAST_ASIAN_WIDTH);
    return width == U_EA_FULLWIDTH || width == U_EA_WIDE || width == U_EA_HALFWIDTH;
}

int32_t th_quotation_kind(uint32_t c) {
    if (u_getIntPropertyValue((UChar32)c, UCHAR_LINE_BREAK) != U_LB_QUOTATION) return 0;
    int8_t type = u_charType((UChar32)c);
    return type == U_INITIAL_PUNCTUATION ? 1 : type == U_FINAL_PUNCTUATION ? 2 : 3;
}
