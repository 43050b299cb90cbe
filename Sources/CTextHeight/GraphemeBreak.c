// UAX #29 extended grapheme clusters as ICU 72's root char.txt has them: Unicode 15.0's rules plus
// CLDR 42's Indic conjunct rule (later Unicode 15.1's GB9c), over ICU's own properties, so the
// data is the same ICU the line breaker uses. ICU's rule-based iterator costs about 290 instructions per
// boundary here (setText, its break cache, the rule status); this loop costs a table read per
// code unit. Tests compare both over the corpus and random sequences of every class
// (GraphemeBreakTests).
#include "CTextHeight.h"
#include <unicode/uchar.h>
#include <unicode/uscript.h>

// A class byte (CTextHeight.h): the Grapheme_Cluster_Break value in the low 5 bits (Extend with
// a non-zero combining class as EXTEND_CCC), and flags.
enum { CLASS_MASK = TH_GRAPHEME_VALUE, EXTEND_CCC = TH_GRAPHEME_EXTEND_CCC,
       LINKING_CONSONANT = TH_GRAPHEME_LINKING_CONSONANT, VIRAMA = TH_GRAPHEME_VIRAMA, EXT_PICT = TH_GRAPHEME_EXT_PICT };

// CLDR 42 (char.txt's $LinkingConsonant, $Virama): Indic_Syllabic_Category in six scripts.
static int links_conjuncts(UChar32 c) {
    UErrorCode status = U_ZERO_ERROR;
    UScriptCode script = uscript_getScript(c, &status);
    return U_SUCCESS(status) && (script == USCRIPT_GUJARATI || script == USCRIPT_TELUGU || script == USCRIPT_MALAYALAM
                                 || script == USCRIPT_ORIYA || script == USCRIPT_BENGALI || script == USCRIPT_DEVANAGARI);
}

uint8_t th_grapheme_class(uint32_t code_point) {
    UChar32 c = (UChar32)code_point;
    uint8_t value = (uint8_t)u_getIntPropertyValue(c, UCHAR_GRAPHEME_CLUSTER_BREAK);
    if (value == U_GCB_EXTEND && u_getCombiningClass(c) != 0) value = EXTEND_CCC;
    if (u_hasBinaryProperty(c, UCHAR_EXTENDED_PICTOGRAPHIC)) value |= EXT_PICT;
    int32_t category = u_getIntPropertyValue(c, UCHAR_INDIC_SYLLABIC_CATEGORY);
    if ((category == U_INSC_CONSONANT || category == U_INSC_VIRAMA) && links_conjuncts(c)) {
        value |= category == U_INSC_CONSONANT ? LINKING_CONSONANT : VIRAMA;
    }
    return value;
}

// Each character's class + 1 (classes stay below 0xF3), 0 until looked up, for planes 0 and 1
// (the BMP, and the emoji of plane 1: their ICU look-up cost about 290 instructions each time,
// 2.5 % of the mixed workload); one table for the process (zero pages until touched). Threads
// share it through relaxed atomics: whichever thread looks a character up first stores the value
// every other thread would store.
enum { CACHED_LIMIT = 0x20000 };
uint8_t th_grapheme_known_classes[CACHED_LIMIT];
static uint8_t *const known_classes = th_grapheme_known_classes;

static inline uint8_t class_of(uint32_t c) {
    if (c >= CACHED_LIMIT) return th_grapheme_class(c);
    uint8_t known = __atomic_load_n(&known_classes[c], __ATOMIC_RELAXED);
    if (known != 0) return known - 1;
    known = th_grapheme_class(c);
    __atomic_store_n(&known_classes[c], (uint8_t)(known + 1), __ATOMIC_RELAXED);
    return known;
}

// The surrogates' slots stay 0: th_grapheme_ends reads the table by code unit in runs of Other,
// where a pair's first unit must not pass for a lone surrogate (ICU 72 gives them Other).
uint8_t th_grapheme_class_looked_up(uint32_t code_point) {
    return (code_point & 0xFFFFF800) == 0xD800 ? th_grapheme_class(code_point) : class_of(code_point);
}

// The class of the character at i and its length in units. A lone surrogate is read as its own
// code point, as ICU's iterator reads it.
static inline uint8_t class_at(const uint16_t *text, int32_t length, int32_t i, int32_t *units) {
    uint32_t unit = text[i];
    *units = 1;
    if ((unit & 0xF800) != 0xD800) return class_of(unit);
    if (unit <= 0xDBFF && i + 1 < length && (text[i + 1] & 0xFC00) == 0xDC00) {
        *units = 2;
        return class_of(0x10000 + ((unit & 0x3FF) << 10) + (text[i + 1] & 0x3FF));
    }
    return th_grapheme_class(unit);
}

// The rules that look at the two classes alone (GB3 to GB9b), as the set of classes after
// `before` that they join to it (bit `after`; EXTEND_CCC is Extend on either side). GB5 keeps
// every class apart from a control after it.
#define BIT(value) (1u << (value))
enum {
    CONTROLS = BIT(U_GCB_CONTROL) | BIT(U_GCB_CR) | BIT(U_GCB_LF),
    EXTENDING = BIT(U_GCB_EXTEND) | BIT(EXTEND_CCC) | BIT(U_GCB_ZWJ) | BIT(U_GCB_SPACING_MARK),  // GB9, GB9a
};
static inline uint32_t joins_after(int before) {
    switch (before) {
    case U_GCB_CONTROL: case U_GCB_LF: return 0;                                                     // GB4
    case U_GCB_CR: return BIT(U_GCB_LF);                                                             // GB3, GB4
    case U_GCB_L: return EXTENDING | BIT(U_GCB_L) | BIT(U_GCB_V) | BIT(U_GCB_LV) | BIT(U_GCB_LVT);  // GB6
    case U_GCB_LV: case U_GCB_V: return EXTENDING | BIT(U_GCB_V) | BIT(U_GCB_T);                      // GB7
    case U_GCB_LVT: case U_GCB_T: return EXTENDING | BIT(U_GCB_T);                                   // GB8
    case U_GCB_PREPEND: return ~(uint32_t)CONTROLS;                                                  // GB9b
    default: return EXTENDING;
    }
}

int32_t th_grapheme_ends(const uint16_t *text, int32_t length, int32_t *ends) {
    int32_t count = 0;
    if (length <= 0) return 0;
    int32_t units;
    uint8_t previous = class_at(text, length, 0, &units);
    int32_t i = units;
    // GB11: Extended_Pictographic Extend* ZWJ × Extended_Pictographic (1: in Extend*, 2: after the ZWJ).
    int emoji = (previous & EXT_PICT) ? 1 : 0;
    // GB12/13: regional indicators pair up; how many end at `previous`.
    int regional = (previous & CLASS_MASK) == U_GCB_REGIONAL_INDICATOR;
    // CLDR 42: $LinkingConsonant $ExtCccZwj* $Virama $ExtCccZwj* × $LinkingConsonant
    // (1: after the consonant, 2: a virama seen since).
    int conjunct = (previous & LINKING_CONSONANT) ? 1 : 0;
    while (i < length) {
        if (previous == 0) {
            // Other ÷ Other without flags (most letters, ideographs, punctuation): GB999. A run of
            // them, one unit each, in a loop of its own that reads the table by unit (a surrogate's
            // slot stays 0). No GB11, GB12 or conjunct state survives an Other: all are 0 here.
            while (__atomic_load_n(&known_classes[text[i]], __ATOMIC_RELAXED) == 1) {
                ends[count++] = i;
                if (++i == length) goto done;
            }
        }
        uint8_t next = class_at(text, length, i, &units);
        if ((previous | next) == 0) {
            ends[count++] = i;
            i += units;
            continue;
        }
        int before = previous & CLASS_MASK, after = next & CLASS_MASK;
        int joins = (joins_after(before) >> after) & 1;
        if (!joins && !(BIT(after) & CONTROLS)) {
            // The rules that need what came before, in the cascade's order after GB9b (GB5 first:
            // a control stays apart whatever came before; none of them has a control before it).
            if (conjunct == 2 && (next & LINKING_CONSONANT)) joins = 1;                      // CLDR 42, GB9c
            else if (before == U_GCB_ZWJ && emoji == 2 && (next & EXT_PICT)) joins = 1;      // GB11
            else if (before == U_GCB_REGIONAL_INDICATOR && after == U_GCB_REGIONAL_INDICATOR) joins = regional % 2;  // GB12, GB13
        }
        if (!joins) {
            // A new cluster: the states restart from its first character.
            ends[count++] = i;
            emoji = (next & EXT_PICT) ? 1 : 0;
            regional = after == U_GCB_REGIONAL_INDICATOR;
            conjunct = (next & LINKING_CONSONANT) ? 1 : 0;
        } else {
            if (next & EXT_PICT) emoji = 1;
            else if (emoji == 1 && after == U_GCB_ZWJ) emoji = 2;
            else if (!(emoji == 1 && (after == U_GCB_EXTEND || after == EXTEND_CCC))) emoji = 0;
            regional = after == U_GCB_REGIONAL_INDICATOR ? regional + 1 : 0;
            if (next & LINKING_CONSONANT) conjunct = 1;
            else if (conjunct && (after == EXTEND_CCC || after == U_GCB_ZWJ)) conjunct = (next & VIRAMA) ? 2 : conjunct;
            else conjunct = 0;
        }
        previous = next;
        i += units;
    }
done:
    ends[count++] = length;
    return count;
}
