// UAX #14 line-break opportunities exactly as ICU's line iterator finds them, without its iterator.
//
// Problem: ubrk_next costs about 550 instructions a boundary (UText, the break cache, the rule
// status), 15 % of the mixed-language workload. Approach: run ICU's own compiled rules. Every
// line iterator carries its rules as a state machine (ubrk_getBinaryRules: RBBIDataHeader,
// format 6.0, ICU 68+): a character-category trie and a forward table. This loop is ICU 72's
// RuleBasedBreakIterator::handleNext (rbbi.cpp) over that table, repeated from each boundary as
// BreakCache::populateFollowing repeats it, so the boundaries are ICU's by construction, for
// whichever rules the locale has (root = strict, @lb=normal, @lb=loose, ja's CJK tables), with
// every tailoring they carry (LB25's number regex, LB30/30a/30b, LB8a, LB9/10, LB15, LB21a, …).
// Limits: text with a character of a dictionary category (LB1's SA: Thai, Lao, Khmer, Myanmar,
// which ICU subdivides with its dictionaries) is declined, as are rules in another binary
// format; the caller then asks ICU. LineBreakTests compare both boundary for boundary.
#include "CTextHeight.h"
#include <unicode/ubrk.h>
#include <unicode/ucptrie.h>
#include <stdlib.h>
#include <string.h>

// rbbidata.h, data format 6.0: the header's fields (uint32 each), then 6 reserved words.
enum { MAGIC = 0xB1A0, HEADER_WORDS = 20, F_LENGTH = 2, F_CAT_COUNT = 3, F_FTABLE = 4, F_FTABLE_LEN = 5,
       F_TRIE = 8, F_TRIE_LEN = 9, F_RULE_SOURCE = 10, F_RULE_SOURCE_LEN = 11 };
// RBBIStateTable: five uint32 (states, row length in bytes, first dictionary category,
// look-ahead slots, flags), then the rows. A row: accepting, look-ahead, tags index, then the
// next state per category; bytes when RBBI_8BITS_ROWS, else uint16.
enum { TABLE_HEADER_BYTES = 20, BOF_REQUIRED = 2, ROWS_8BIT = 4 };
enum { STOP_STATE = 0, START_STATE = 1, ACCEPTING_UNCONDITIONAL = 1, CATEGORY_EOF = 1, CATEGORY_BOF = 2 };

struct th_line_rules {
    uint8_t *data;  // the binary rules (copied: the trie points into them)
    UCPTrie *trie;  // code point → category
    UCPTrieValueWidth width;
    const uint8_t *rows;
    uint32_t row_length, dictionary_start, category_count, state_count, lookahead_count, flags;
    int32_t *lookahead;  // RuleBasedBreakIterator::fLookAheadMatches
};

static inline uint32_t word(const uint8_t *data, int index) {
    uint32_t value;
    memcpy(&value, data + 4 * index, 4);
    return value;
}

th_line_rules *th_line_rules_open(const uint8_t *binary, int32_t length) {
    if (length < HEADER_WORDS * 4 || word(binary, 0) != MAGIC) return NULL;
    if (binary[4] != 6 || binary[5] != 0) return NULL;  // format 6.0 (ICU 68–76)
    if (word(binary, F_LENGTH) != (uint32_t)length) return NULL;
    uint32_t table = word(binary, F_FTABLE), table_length = word(binary, F_FTABLE_LEN);
    uint32_t trie = word(binary, F_TRIE), trie_length = word(binary, F_TRIE_LEN);
    if (table_length < TABLE_HEADER_BYTES || table > (uint32_t)length - table_length
        || trie > (uint32_t)length - trie_length) return NULL;
    th_line_rules *rules = calloc(1, sizeof *rules);
    if (!rules) return NULL;
    rules->data = malloc((size_t)length);  // malloc's alignment suits the trie's uint16/uint32 arrays
    if (!rules->data) {
        free(rules);
        return NULL;
    }
    memcpy(rules->data, binary, (size_t)length);
    const uint8_t *t = rules->data + table;
    rules->category_count = word(rules->data, F_CAT_COUNT);
    rules->state_count = word(t, 0);
    rules->row_length = word(t, 1);
    rules->dictionary_start = word(t, 2);
    rules->lookahead_count = word(t, 3);
    rules->flags = word(t, 4);
    rules->rows = t + TABLE_HEADER_BYTES;
    uint32_t cell = (rules->flags & ROWS_8BIT) ? 1 : 2;
    UErrorCode status = U_ZERO_ERROR;
    rules->trie = ucptrie_openFromBinary(UCPTRIE_TYPE_FAST, UCPTRIE_VALUE_BITS_ANY, rules->data + trie,
                                         (int32_t)trie_length, NULL, &status);
    int usable = U_SUCCESS(status) && rules->trie && rules->category_count > CATEGORY_BOF
                 && rules->row_length == cell * (3 + rules->category_count) && rules->state_count > START_STATE
                 && (uint64_t)rules->row_length * rules->state_count <= table_length - TABLE_HEADER_BYTES
                 && rules->lookahead_count > 0 && rules->lookahead_count < 0x10000;
    if (usable) {
        rules->width = ucptrie_getValueWidth(rules->trie);
        usable = rules->width == UCPTRIE_VALUE_BITS_8 || rules->width == UCPTRIE_VALUE_BITS_16;
    }
    if (usable) {
        rules->lookahead = malloc(rules->lookahead_count * sizeof(int32_t));
        usable = rules->lookahead != NULL;
    }
    if (!usable) {
        th_line_rules_close(rules);
        return NULL;
    }
    return rules;
}

void th_line_rules_close(th_line_rules *rules) {
    if (!rules) return;
    if (rules->trie) ucptrie_close(rules->trie);
    free(rules->lookahead);
    free(rules->data);
    free(rules);
}

int32_t th_line_rules_source(const th_line_rules *rules, char *out, int32_t capacity) {
    uint32_t offset = word(rules->data, F_RULE_SOURCE), bytes = word(rules->data, F_RULE_SOURCE_LEN);
    if (offset > word(rules->data, F_LENGTH) || bytes > word(rules->data, F_LENGTH) - offset) return 0;
    // fRuleSourceLen bytes of UTF-8, NUL-terminated within them.
    const char *source = (const char *)rules->data + offset;
    const char *nul = memchr(source, 0, bytes);
    int32_t length = (int32_t)(nul ? (uint32_t)(nul - source) : bytes);
    if (out) memcpy(out, source, (size_t)(length < capacity ? length : capacity));
    return length;
}

static inline uint32_t category_of(const th_line_rules *rules, UChar32 c) {
    // TrieFunc8/TrieFunc16 (rbbi.cpp): UCPTRIE_FAST_GET.
    if (rules->width == UCPTRIE_VALUE_BITS_8) return UCPTRIE_FAST_GET(rules->trie, UCPTRIE_8, c);
    return UCPTRIE_FAST_GET(rules->trie, UCPTRIE_16, c);
}

// UTEXT_NEXT32 over UTF-16: a lone surrogate is read as its own code point.
static inline UChar32 next_code_point(const uint16_t *text, int32_t length, int32_t *i) {
    uint16_t unit = text[(*i)++];
    if ((unit & 0xFC00) == 0xD800 && *i < length && (text[*i] & 0xFC00) == 0xDC00) {
        return 0x10000 + ((UChar32)(unit & 0x3FF) << 10) + (text[(*i)++] & 0x3FF);
    }
    return unit;
}

int32_t th_line_rules_ends(th_line_rules *rules, const uint16_t *text, int32_t length, int32_t *ends) {
    if (length <= 0) return 0;
    const uint8_t *rows = rules->rows;
    const uint32_t row_length = rules->row_length, dictionary_start = rules->dictionary_start;
    const int wide_rows = !(rules->flags & ROWS_8BIT);
    int32_t *lookahead = rules->lookahead;
    for (uint32_t k = 0; k < rules->lookahead_count; k++) lookahead[k] = -1;
    int32_t count = 0, position = 0;
    while (position < length) {
        // handleNext from `position`: the longest match of the chained rules; its end is the next
        // boundary, or a look-ahead rule's '/' position once that rule matches in full.
        int32_t initial = position, result = position, i = position;
        UChar32 c = next_code_point(text, length, &i);
        int at_end = 0;
        uint32_t state = START_STATE, category = 0;
        int starting = 0;
        if (rules->flags & BOF_REQUIRED) {  // {bof} rules: one step on the start-of-text category first
            category = CATEGORY_BOF;
            starting = 1;
        }
        const uint8_t *row = rows + row_length * state;
        for (;;) {
            if (c < 0) {
                // End of text: one more step on the {eof} category, then stop.
                if (at_end) break;
                at_end = 1;
                category = CATEGORY_EOF;
            } else if (!starting) {
                category = category_of(rules, c);
                // A dictionary character (SA): ICU splits its run with a dictionary; leave the text to ICU.
                if (category >= dictionary_start) return -1;
            }
            uint32_t accepting, rule;
            if (wide_rows) {
                const uint16_t *r = (const uint16_t *)row;
                state = r[3 + category];
                r = (const uint16_t *)(rows + row_length * state);
                row = (const uint8_t *)r;
                accepting = r[0];
                rule = r[1];
            } else {
                state = row[3 + category];
                row = rows + row_length * state;
                accepting = row[0];
                rule = row[1];
            }
            if (accepting == ACCEPTING_UNCONDITIONAL) {
                if (!starting) result = i;
            } else if (accepting > ACCEPTING_UNCONDITIONAL) {
                // A look-ahead rule matched in full: break where its '/' was.
                if (accepting < rules->lookahead_count && lookahead[accepting] >= 0) {
                    result = lookahead[accepting];
                    goto found;
                }
            }
            // At a look-ahead rule's '/': remember where, in case the rule completes.
            if (rule > ACCEPTING_UNCONDITIONAL && rule < rules->lookahead_count) lookahead[rule] = i;
            if (state == STOP_STATE) break;
            if (starting) starting = 0;
            else if (!at_end) c = i < length ? next_code_point(text, length, &i) : -1;
        }
        // No rule matched: ICU steps over one code point.
        if (result == initial) {
            result = initial;
            next_code_point(text, length, &result);
        }
    found:
        ends[count++] = result;
        position = result;
    }
    return count;
}
