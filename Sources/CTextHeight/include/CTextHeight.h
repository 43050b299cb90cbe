// Plain C API over the few ICU calls textheight needs, and the embedded default font.
// ICU headers stay inside the .c files: Swift imports only these declarations, so no
// version-suffixed names (ubrk_open_72) and no clash with Foundation's bundled ICU.
#ifndef CTEXTHEIGHT_H
#define CTEXTHEIGHT_H

#include <stddef.h>
#include <stdint.h>

typedef struct th_break_iterator th_break_iterator;

typedef enum {
    TH_BREAK_LINE = 0,      // UAX #14 line break opportunities
    TH_BREAK_GRAPHEME = 1,  // UAX #29 extended grapheme clusters
} th_break_kind;

/// Opens an iterator for `locale` ("" = root; ICU keywords such as "ja@lb=strict" allowed).
/// Returns NULL and sets *error_code (an ICU UErrorCode) on failure.
th_break_iterator *th_break_open(th_break_kind kind, const char *locale, int32_t *error_code);
void th_break_close(th_break_iterator *iterator);

/// Points the iterator at `text` (not copied; it must outlive the iteration). Returns a UErrorCode.
int32_t th_break_set_text(th_break_iterator *iterator, const uint16_t *text, int32_t length);

/// The next boundary after the current one, or -1 at the end. For line iterators
/// *is_hard is 1 when the break is mandatory (UAX #14 BK, CR, LF, NL).
int32_t th_break_next(th_break_iterator *iterator, int32_t *is_hard);

/// UAX #29 extended grapheme clusters as ICU's character iterator finds them: writes the end of
/// every cluster of `text` to `ends` (room for `length` values; the last is `length`) and returns
/// how many. Each BMP character's class is looked up in ICU once per process. Thread-safe.
int32_t th_grapheme_ends(const uint16_t *text, int32_t length, int32_t *ends);
/// ICU's Grapheme_Cluster_Break value with the flags th_grapheme_ends needs (GraphemeBreak.c).
uint8_t th_grapheme_class(uint32_t code_point);

/// UTS #51 properties (ICU): Emoji_Presentation, Emoji_Modifier, Regional_Indicator.
int th_is_emoji_presentation(uint32_t code_point);
int th_is_emoji_modifier(uint32_t code_point);
int th_is_regional_indicator(uint32_t code_point);
/// Emoji and Emoji_Modifier_Base (Minikin's WordBreaker keeps emoji sequences whole with them).
int th_is_emoji(uint32_t code_point);
int th_is_emoji_modifier_base(uint32_t code_point);
/// Default_Ignorable_Code_Point (ZWJ, variation selectors, …): no glyph of their own.
int th_is_default_ignorable(uint32_t code_point);

/// UAX #14 Line_Break class as ICU's ULineBreak value (AL = 2, SA = 24, CM = 9, …).
int32_t th_line_break_class(uint32_t code_point);
/// General category L* or N* (letters and numbers); M* (marks).
int th_is_letter_or_number(uint32_t code_point);
int th_is_mark(uint32_t code_point);
/// East_Asian_Width F, W or H (UAX #14's $EastAsian).
int th_is_east_asian_wide(uint32_t code_point);
/// For Line_Break QU: 1 initial (Pi), 2 final (Pf), 3 other; 0 when not QU.
int32_t th_quotation_kind(uint32_t code_point);

/// Fills `out` with ICU's version ("72.1"); `capacity` ≥ 20.
void th_icu_version(char *out, int32_t capacity);

/// The default font compiled into the binary (Inter Regular, OFL; see fixtures/fonts).
const unsigned char *th_default_font_data(void);
size_t th_default_font_size(void);

#endif
