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
// Limits: a text with a character of a dictionary category is declined (ICU 72's line rules
// name `$dictionary = [$SA]`: LB1's Thai, Lao, Khmer and Myanmar, whose runs ICU subdivides with
// its dictionaries), as are rules in another binary form; the caller then asks ICU. So the
// decision is ICU's own (its handleNext counts the same categories). LineBreakTests compare
// both boundary for boundary in every locale callers open.
#include "CTextHeight.h"
#include <unicode/ubrk.h>
#include <unicode/ucptrie.h>
#include <stdlib.h>
#include <string.h>
#include <pthread.h>

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
    UCPTrie *trie;  // code point → category (8-bit values)
    const uint8_t *rows;
    uint32_t row_length, dictionary_start, category_count, state_count, lookahead_count, flags;
    int shared;  // one of the process's registered rules (never closed), or the caller's own
    // Each BMP code unit's category + 1, 0 until looked up in the trie (one load a character
    // instead of the trie's two). Threads share it through relaxed atomics: whichever looks a
    // character up first stores what every other thread would store.
    uint8_t bmp[0x10000];
};

enum { UNKNOWN = 0xFF };  // above every category count the loop accepts (category + 1 fits a byte)

static inline uint32_t word(const uint8_t *data, int index) {
    uint32_t value;
    memcpy(&value, data + 4 * index, 4);
    return value;
}

// The rules of every locale opened so far, shared by all iterators (a Shaper per message opened
// and cleared its own copy and 64 KB table each time): found by their bytes, kept for the process.
enum { REGISTERED_MAX = 64 };
static th_line_rules *registered[REGISTERED_MAX];
static int registered_count;
static pthread_mutex_t registry_lock = PTHREAD_MUTEX_INITIALIZER;

static th_line_rules *make_rules(const uint8_t *binary, int32_t length);

th_line_rules *th_line_rules_open(const uint8_t *binary, int32_t length) {
    if (length <= 0) return NULL;
    pthread_mutex_lock(&registry_lock);
    th_line_rules *found = NULL;
    for (int k = 0; k < registered_count && !found; k++) {
        if (word(registered[k]->data, F_LENGTH) == (uint32_t)length
            && memcmp(registered[k]->data, binary, (size_t)length) == 0) found = registered[k];
    }
    if (!found) {
        found = make_rules(binary, length);
        if (found && registered_count < REGISTERED_MAX) {
            found->shared = 1;
            registered[registered_count++] = found;
        }
    }
    pthread_mutex_unlock(&registry_lock);
    return found;
}

static th_line_rules *make_rules(const uint8_t *binary, int32_t length) {
    if (length < HEADER_WORDS * 4 || word(binary, 0) != MAGIC) return NULL;
    if (binary[4] != 6 || binary[5] != 0) return NULL;  // format 6.0 (ICU 68 on)
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
    UErrorCode status = U_ZERO_ERROR;
    rules->trie = ucptrie_openFromBinary(UCPTRIE_TYPE_FAST, UCPTRIE_VALUE_BITS_8, rules->data + trie,
                                         (int32_t)trie_length, NULL, &status);
    // The loop reads what every ICU 72 line table is: byte rows (under 256 states), no {bof}
    // rules, categories in a byte trie. Anything else goes to ICU.
    int usable = U_SUCCESS(status) && rules->trie && (rules->flags & ROWS_8BIT) && !(rules->flags & BOF_REQUIRED)
                 && rules->category_count > CATEGORY_BOF && rules->dictionary_start <= rules->category_count
                 && rules->row_length == 3 + rules->category_count && rules->state_count > START_STATE
                 && (uint64_t)rules->row_length * rules->state_count <= table_length - TABLE_HEADER_BYTES
                 && rules->lookahead_count > 0 && rules->lookahead_count < 256 && rules->category_count < UNKNOWN;
    // Every next state, accepting and look-ahead value in range, so the loop checks none.
    for (uint32_t state = 0; usable && state < rules->state_count; state++) {
        const uint8_t *row = rules->rows + rules->row_length * state;
        usable = row[0] < rules->lookahead_count && row[1] < rules->lookahead_count;
        for (uint32_t category = 0; usable && category < rules->category_count; category++) {
            usable = row[3 + category] < rules->state_count;
        }
    }
    if (!usable) {
        th_line_rules_close(rules);
        return NULL;
    }
    return rules;
}

void th_line_rules_close(th_line_rules *rules) {
    if (!rules || rules->shared) return;
    if (rules->trie) ucptrie_close(rules->trie);
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

int32_t th_line_rules_ends(th_line_rules *rules, const uint16_t *text, int32_t length, int32_t *ends) {
    if (length <= 0) return 0;
    const uint8_t *rows = rules->rows;
    const uint32_t row_length = rules->row_length, dictionary_start = rules->dictionary_start;
    const UCPTrie *trie = rules->trie;
    uint8_t *bmp = rules->bmp;
    int32_t lookahead[256];  // RuleBasedBreakIterator::fLookAheadMatches (fewer than 256: checked at open)
    for (uint32_t k = 0; k < rules->lookahead_count; k++) lookahead[k] = -1;
    int32_t count = 0, position = 0;
    while (position < length) {
        // handleNext from `position`: the longest match of the chained rules; its end is the next
        // boundary, or a look-ahead rule's '/' position once that rule matches in full.
        int32_t initial = position, result = position, i = position;
        const uint8_t *row = rows + row_length * START_STATE;
        for (;;) {
            uint32_t category;
            if (i < length) {
                // UTEXT_NEXT32: a lone surrogate is read as its own code point.
                UChar32 c = text[i++];
                if ((c & 0xF800) != 0xD800) {
                    category = __atomic_load_n(&bmp[c], __ATOMIC_RELAXED);
                    if (category == 0) {
                        category = UCPTRIE_FAST_BMP_GET(trie, UCPTRIE_8, c) + 1;
                        __atomic_store_n(&bmp[c], (uint8_t)category, __ATOMIC_RELAXED);
                    }
                    category -= 1;
                } else {
                    if (c <= 0xDBFF && i < length && (text[i] & 0xFC00) == 0xDC00) {
                        c = 0x10000 + ((c & 0x3FF) << 10) + (text[i++] & 0x3FF);
                    }
                    category = UCPTRIE_FAST_GET(trie, UCPTRIE_8, c);
                }
                // A dictionary character (SA): ICU splits its run with a dictionary; leave the text to ICU.
                if (category >= dictionary_start) return -1;
            } else {
                // The end of the text: one last step on {eof}.
                row = rows + row_length * row[3 + CATEGORY_EOF];
                if (row[0] == ACCEPTING_UNCONDITIONAL) result = i;
                else if (row[0] > ACCEPTING_UNCONDITIONAL && lookahead[row[0]] >= 0) result = lookahead[row[0]];
                break;
            }
            uint32_t state = row[3 + category];
            row = rows + row_length * state;
            uint32_t accepting = row[0];
            if (accepting == ACCEPTING_UNCONDITIONAL) {
                result = i;
            } else if (accepting > ACCEPTING_UNCONDITIONAL && lookahead[accepting] >= 0) {
                // A look-ahead rule matched in full: break where its '/' was.
                result = lookahead[accepting];
                goto found;
            }
            // At a look-ahead rule's '/': remember where, in case the rule completes.
            if (row[1] > ACCEPTING_UNCONDITIONAL) lookahead[row[1]] = i;
            if (state == STOP_STATE) break;
        }
        // No rule matched: ICU steps over one code point.
        if (result == initial) {
            result = initial + 1;
            if ((text[initial] & 0xFC00) == 0xD800 && result < length && (text[result] & 0xFC00) == 0xDC00) result++;
        }
    found:
        if (result <= initial) return -1;  // a look-ahead back to the start: never in ICU's tables
        ends[count++] = result;
        position = result;
    }
    return count;
}
