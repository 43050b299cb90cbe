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

/// The next boundary after the current one, or -1 at the end.
int32_t th_break_next(th_break_iterator *iterator);

/// A line iterator over rules in ICU's syntax (ubrk_openRules), for tests of the own loop.
th_break_iterator *th_break_open_line_rules(const uint16_t *rules, int32_t length, int32_t *error_code);
/// A line iterator's rule-based boundaries by the own loop over its rules (th_line_rules_ends):
/// the count written to `ends` (room for `length`), or -1 when ICU must find them (no usable
/// rules); the runs of dictionary characters (SA) as th_line_rules_ends gives them.
int32_t th_break_line_ends(th_break_iterator *iterator, const uint16_t *text, int32_t length, int32_t *ends,
                           int32_t *dictionary_runs, int32_t *dictionary_run_count);
/// 1 when a line iterator's boundaries come from the own loop (its rules are in a format it reads).
int th_break_has_line_rules(const th_break_iterator *iterator);
/// A line iterator's rule source (th_line_rules_source); 0 without usable rules.
int32_t th_break_rules_source(const th_break_iterator *iterator, char *out, int32_t capacity);

/// UAX #29 extended grapheme clusters as ICU's character iterator finds them: writes the end of
/// every cluster of `text` to `ends` (room for `length` values; the last is `length`) and returns
/// how many. Each BMP character's class is looked up in ICU once per process. Thread-safe.
int32_t th_grapheme_ends(const uint16_t *text, int32_t length, int32_t *ends);
/// ICU's Grapheme_Cluster_Break value with the flags th_grapheme_ends needs (GraphemeBreak.c):
/// the value in the low bits (TH_GRAPHEME_VALUE; Extend with a non-zero combining class as
/// TH_GRAPHEME_EXTEND_CCC), the flags above.
uint8_t th_grapheme_class(uint32_t code_point);
enum {
    TH_GRAPHEME_VALUE = 0x1F,
    TH_GRAPHEME_EXTEND_CCC = 18,
    TH_GRAPHEME_LINKING_CONSONANT = 0x20,  // CLDR 42's $LinkingConsonant
    TH_GRAPHEME_VIRAMA = 0x40,             // CLDR 42's $Virama
    TH_GRAPHEME_EXT_PICT = 0x80,           // Extended_Pictographic
};
/// The process-wide table th_grapheme_ends keeps for planes 0 and 1: each character's class + 1,
/// 0 until looked up (the surrogates' slots stay 0); read and written through relaxed atomics.
extern uint8_t th_grapheme_known_classes[];
/// th_grapheme_class, stored in th_grapheme_known_classes.
uint8_t th_grapheme_class_looked_up(uint32_t code_point);
/// th_grapheme_class, from th_grapheme_known_classes (inline: joins ask it per character).
static inline uint8_t th_grapheme_class_cached(uint32_t code_point) {
    if (code_point < 0x20000) {
        uint8_t known = __atomic_load_n(&th_grapheme_known_classes[code_point], __ATOMIC_RELAXED);
        if (known != 0) return known - 1;
    }
    return th_grapheme_class_looked_up(code_point);
}

/// ICU's line-break rules in their compiled form (ubrk_getBinaryRules), run by textheight's own
/// loop (LineBreak.c), with the tables it reads; read-only once opened, so threads share them.
typedef struct th_line_rules th_line_rules;
/// NULL when `binary` is not in the format the loop reads (RBBI data format 6.0). Rules with the
/// same bytes are opened once and shared by every caller and thread for the process (closing them
/// does nothing); past 64 distinct rule sets each open makes its own, freed by close.
th_line_rules *th_line_rules_open(const uint8_t *binary, int32_t length);
void th_line_rules_close(th_line_rules *rules);
/// Writes every rule-based line-break boundary of `text` after 0 to `ends` (room for `length`
/// values; the last is `length`), exactly as ICU's iterator over the same rules finds them, and
/// returns how many. The maximal runs of characters of a dictionary category (SA), inside which ICU
/// also breaks by its dictionaries, go to `dictionary_runs` as start/end pairs (room for
/// `length + 1` values), their number to `*dictionary_run_count`.
int32_t th_line_rules_ends(th_line_rules *rules, const uint16_t *text, int32_t length, int32_t *ends,
                           int32_t *dictionary_runs, int32_t *dictionary_run_count);
/// The rules' source as ICU stores it with them (UTF-8, comments and spaces stripped); returns
/// its length in bytes, writing up to `capacity` of them.
int32_t th_line_rules_source(const th_line_rules *rules, char *out, int32_t capacity);

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

/// CLDR plural rules (ICU upluralrules): a BCP 47 tag ("ru", "sr-Latn"), cardinal (0) or ordinal (1).
/// NULL and *error_code (a UErrorCode) on failure; an unknown language gets CLDR's root rules (other).
typedef struct th_plural_rules th_plural_rules;
th_plural_rules *th_plural_open(const char *language_tag, int ordinal, int32_t *error_code);
void th_plural_close(th_plural_rules *rules);
/// The category ICU selects for `number` ("one", "few", …) into `out`; its length, or -1.
int32_t th_plural_select(const th_plural_rules *rules, double number, char *out, int32_t capacity);
/// The locale's categories, space-separated, into `out`; the length written, or -1 when it does not fit.
int32_t th_plural_keywords(const th_plural_rules *rules, char *out, int32_t capacity);

/// The default font compiled into the binary (Inter Regular, OFL; see fixtures/fonts).
const unsigned char *th_default_font_data(void);
size_t th_default_font_size(void);

#endif
