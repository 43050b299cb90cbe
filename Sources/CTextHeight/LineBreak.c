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
// The loop reads its own copies of the tables, made when the rules are opened: each BMP
// character's category in a byte table, and the common steps (to an accepting state, or ending a
// match where a character starts) in a form that needs no branch on the data, since a
// mispredicted branch at every word's end cost more than the steps themselves.
// Dictionary characters (ICU 72's line rules name `$dictionary = [$SA]`: LB1's Thai, Lao, Khmer
// and Myanmar) take their rule steps like any other, as in handleNext, and the loop says it saw
// where: ICU then subdivides each run of them with its dictionaries (DictionaryCache), which the
// caller adds (BreakIterator.swift). Rules in another binary form
// are declined; the caller then asks ICU. LineBreakTests compare both boundary for boundary in
// every locale callers open.
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
    // The forward table again, for the loop (build_loop_tables): states renumbered so that the
    // commonest kind (accepting, no look-ahead, not the stop state) is one comparison, rows padded to
    // 1 << shift entries, each next state stored as its row's offset (a step is an add and a load),
    // and two more columns whose next "states" lie past the real ones: a surrogate's and a
    // dictionary character's, each the state it left plus an offset, so that the loop's one
    // comparison also catches both and can take the step again with the real category.
    uint16_t *next;
    // The plain states' rows again, for a loop without a branch on the data (a mispredicted
    // branch at every word's end cost more than the steps): a step to a plain state, or one that
    // ends the match where the character starts (the stop state) and takes that character's step
    // from the start state to a plain state, marked by bit `shift`; any other step is SPECIAL.
    // A state's offset is its number << (shift + 1), with two copies of its row (at + 0 and at +
    // 1 << shift), so that a marked value is an offset too.
    uint16_t *fast;
    uint32_t shift, plain, start, stop, past_states, dictionary_states, dictionary_column, surrogate_column;
    uint8_t accepting[256], lookahead_slot[256];  // by new state number
    // Each BMP code unit's column: its category, or one of the two extra columns. Filled when the
    // rules are opened (one load a character instead of the trie's two).
    uint8_t bmp[0x10000];
    uint8_t emoji[0x1000];  // U+1F000…U+1FFFF's columns (emoji are most of the text beyond the BMP)
};

enum { EMOJI_BLOCKS = 0x1F000, SPECIAL = 0xFFFF };

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

// A state whose step only records a boundary: accepting unconditionally, no look-ahead '/', not
// the stop state.
static int is_plain(const th_line_rules *rules, uint32_t state) {
    const uint8_t *row = rules->rows + rules->row_length * state;
    return row[0] == ACCEPTING_UNCONDITIONAL && row[1] <= ACCEPTING_UNCONDITIONAL && state != STOP_STATE;
}

// The columns of first ..< end into `out`, range by range (the trie stores ranges: a look-up per
// character cost 1.2 M instructions for the BMP).
static int fill_columns(const th_line_rules *rules, uint8_t *out, UChar32 first, UChar32 end) {
    for (UChar32 c = first, last; c < end; c = last + 1) {
        uint32_t category;
        last = ucptrie_getRange(rules->trie, c, UCPMAP_RANGE_NORMAL, 0, NULL, NULL, &category);
        if (last < c) return 0;
        if (last >= end) last = end - 1;
        memset(out + (c - first), (int)(category >= rules->dictionary_start ? rules->dictionary_column : category),
               (size_t)(last - c + 1));
    }
    return 1;
}

// th_line_rules.fast from th_line_rules.next: the plain states' rows (the others' stay SPECIAL).
static int build_fast_rows(th_line_rules *rules, uint32_t plain_states) {
    const uint32_t shift = rules->shift, row = 1u << shift, ends_match = row;
    if ((rules->state_count << (shift + 1)) >= SPECIAL) return 0;
    rules->fast = malloc((size_t)rules->state_count * sizeof *rules->fast << (shift + 1));
    if (!rules->fast) return 0;
    for (uint32_t state = 0; state < rules->state_count; state++) {
        uint16_t *to = rules->fast + (state << (shift + 1));
        for (uint32_t column = 0; column < row; column++) {
            uint32_t next = rules->next[(state << shift) + column], restart = rules->next[rules->start + column];
            uint32_t value = SPECIAL;
            if (state >= plain_states || column >= rules->category_count) value = SPECIAL;
            else if (next < rules->plain) value = next << 1;
            else if (next == rules->stop && restart < rules->plain) value = restart << 1 | ends_match;
            to[column] = to[column + row] = (uint16_t)value;
        }
    }
    return 1;
}

// The loop's copies of the table (struct th_line_rules). Filled before the rules are shared, so
// readers need no synchronisation. 0 when they do not fit 16-bit offsets (never for ICU 72's).
static int build_loop_tables(th_line_rules *rules) {
    const uint32_t categories = rules->category_count, states = rules->state_count;
    const uint32_t dictionary_column = categories, surrogate_column = categories + 1;
    rules->dictionary_column = dictionary_column;
    rules->surrogate_column = surrogate_column;
    uint32_t shift = 0;
    while ((1u << shift) < categories + 2) shift++;
    // Past the states: a surrogate's step from each state (which the loop redoes with the decoded
    // code point's category), then a dictionary character's (redone with its own category).
    if (((states << shift) + 2 * states + 1) > UINT16_MAX) return 0;
    rules->next = calloc(states, sizeof *rules->next << shift);
    if (!rules->next) return 0;
    // Plain states take 0 ..< plain in their order, then the stop state, then the others.
    uint8_t renumbered[256];
    uint32_t plain = 0;
    for (uint32_t state = 0; state < states; state++) plain += is_plain(rules, state);
    renumbered[STOP_STATE] = (uint8_t)plain;
    for (uint32_t state = 0, plain_seen = 0, other_seen = plain + 1; state < states; state++) {
        if (state != STOP_STATE) renumbered[state] = (uint8_t)(is_plain(rules, state) ? plain_seen++ : other_seen++);
    }
    rules->shift = shift;
    rules->plain = plain << shift;
    rules->stop = plain << shift;
    rules->start = (uint32_t)renumbered[START_STATE] << shift;
    rules->past_states = states << shift;
    rules->dictionary_states = (states << shift) + states;
    for (uint32_t state = 0; state < states; state++) {
        const uint8_t *row = rules->rows + rules->row_length * state;
        uint32_t number = renumbered[state];
        uint16_t *to = rules->next + (number << shift);
        for (uint32_t category = 0; category < categories; category++) to[category] = (uint16_t)(renumbered[row[3 + category]] << shift);
        to[dictionary_column] = (uint16_t)(rules->dictionary_states + number);
        to[surrogate_column] = (uint16_t)(rules->past_states + number);
        rules->accepting[number] = row[0];
        rules->lookahead_slot[number] = row[1];
    }
    if (!build_fast_rows(rules, plain)) return 0;
    if (!fill_columns(rules, rules->bmp, 0, 0x10000) || !fill_columns(rules, rules->emoji, EMOJI_BLOCKS, EMOJI_BLOCKS + 0x1000)) return 0;
    memset(rules->bmp + 0xD800, (int)rules->surrogate_column, 0x800);
    // The loop relies on two things every ICU table has: the stop state (row 0) accepts nothing and
    // starts no look-ahead, so it ends a match at once; the start state is not plain, so a plain
    // state means a match of at least one character.
    return rules->accepting[plain] == 0 && rules->lookahead_slot[plain] <= ACCEPTING_UNCONDITIONAL
           && !is_plain(rules, START_STATE);
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
                 && rules->lookahead_count > 0 && rules->lookahead_count < 256 && rules->category_count + 2 <= 256
                 && rules->state_count <= 256;
    // Every next state, accepting and look-ahead value in range, so the loop checks none.
    for (uint32_t state = 0; usable && state < rules->state_count; state++) {
        const uint8_t *row = rules->rows + rules->row_length * state;
        usable = row[0] < rules->lookahead_count && row[1] < rules->lookahead_count;
        for (uint32_t category = 0; usable && category < rules->category_count; category++) {
            usable = row[3 + category] < rules->state_count;
        }
    }
    if (!usable || !build_loop_tables(rules)) {
        th_line_rules_close(rules);
        return NULL;
    }
    return rules;
}

void th_line_rules_close(th_line_rules *rules) {
    if (!rules || rules->shared) return;
    if (rules->trie) ucptrie_close(rules->trie);
    free(rules->next);
    free(rules->fast);
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

// Code units start ..< end hold a dictionary character: it joins the last run or starts one. Runs
// are written in order, as pairs; a character read again after a look-ahead is already in one.
static inline void note_dictionary(int32_t *runs, int32_t *run_count, ptrdiff_t start, ptrdiff_t end) {
    int32_t *last_end = *run_count > 0 ? &runs[2 * *run_count - 1] : NULL;
    if (last_end && start < *last_end) return;
    if (last_end && start == *last_end) {
        *last_end = (int32_t)end;
        return;
    }
    runs[2 * *run_count] = (int32_t)start;
    runs[2 * *run_count + 1] = (int32_t)end;
    *run_count += 1;
}

int32_t th_line_rules_ends(th_line_rules *rules, const uint16_t *text, int32_t length, int32_t *ends,
                           int32_t *dictionary_runs, int32_t *dictionary_run_count) {
    *dictionary_run_count = 0;
    if (length <= 0) return 0;
    const uint16_t *next = rules->next;
    const uint8_t *bmp = rules->bmp;
    const uint32_t plain = rules->plain, stop = rules->stop, start = rules->start, shift = rules->shift;
    int32_t lookahead[256];  // RuleBasedBreakIterator::fLookAheadMatches (fewer than 256: checked at open)
    for (uint32_t k = 0; k < rules->lookahead_count; k++) lookahead[k] = -1;
    // handleNext from `initial`: the longest match of the chained rules; its end is the next
    // boundary, or a look-ahead rule's '/' position once that rule matches in full. `state` is
    // its row's offset; `category` the column of the character last read. In a plain state the
    // match so far ends at i; `result` holds it only once the state is another.
    int32_t *out = ends;
    ptrdiff_t initial = 0, result = 0, i = 0;
    const ptrdiff_t end = length;
    uint32_t state = start, category;
    for (;;) {
        if (state < plain) {
            // From a plain state: the common steps, a boundary written at every character and kept
            // where the step ends a match.
            const uint16_t *fast = rules->fast;
            uint32_t at = state << 1;
            while (i < end) {
                uint32_t value = fast[at + bmp[text[i]]];
                if (value == SPECIAL) break;
                *out = (int32_t)i;
                out += (value >> shift) & 1;
                at = value;
                i++;
            }
            state = (at & ~(1u << shift)) >> 1;
            initial = out > ends ? out[-1] : 0;
        }
        if (i >= end) {
            // The end of the text: one last step on {eof}.
            if (state < plain) result = i;
            state = next[state + CATEGORY_EOF];
            uint32_t accepts = rules->accepting[state >> shift];
            if (accepts == ACCEPTING_UNCONDITIONAL) {
                result = i;
            } else if (accepts > ACCEPTING_UNCONDITIONAL && lookahead[accepts] >= 0) {
                result = lookahead[accepts];
                if (result < initial) return -1;  // a look-ahead back before the start: never in ICU's tables
            }
            goto stopped;
        }
        category = bmp[text[i]];
        uint32_t to = next[state + category];
        if (to < plain) {
            // The common step: an accepting state, nothing else to do.
            state = to;
            i++;
            continue;
        }
        if (to == stop && state < plain) {
            // The other common one: a character that does not fit the match, which ends where it
            // starts, and begins the next match (its first step is taken here, without reading it again).
            *out++ = (int32_t)i;
            initial = i++;
            state = next[start + category];
            if (state < plain) continue;
            result = initial;
            goto special;
        }
        if (state < plain) result = i;
        state = to;
        i++;
    special:
        if (state == stop) goto stopped;
        if (state >= rules->dictionary_states) {
            // A dictionary character (SA, always in the BMP column table): the step again from the
            // state it left, with its own category, counted as handleNext's fDictionaryCharCount.
            category = UCPTRIE_FAST_GET(rules->trie, UCPTRIE_8, text[i - 1]);
            note_dictionary(dictionary_runs, dictionary_run_count, i - 1, i);
            state = next[((state - rules->dictionary_states) << shift) + category];
            if (state < plain) continue;
            goto special;
        }
        if (state >= rules->past_states) {
            // A surrogate, read as UTEXT_NEXT32 does (a lone one as its own code point); the step
            // again from the state it left, with the code point's category.
            const ptrdiff_t character_start = i - 1;
            UChar32 c = text[i - 1];
            if (c <= 0xDBFF && i < end && (text[i] & 0xFC00) == 0xDC00) c = 0x10000 + ((c & 0x3FF) << 10) + (text[i++] & 0x3FF);
            category = (uint32_t)(c - EMOJI_BLOCKS) < 0x1000 ? rules->emoji[c - EMOJI_BLOCKS] : UCPTRIE_FAST_GET(rules->trie, UCPTRIE_8, c);
            if (category >= rules->dictionary_start) note_dictionary(dictionary_runs, dictionary_run_count, character_start, i);
            state = next[((state - rules->past_states) << shift) + category];
            if (state < plain) continue;
            goto special;
        }
        uint32_t accepts = rules->accepting[state >> shift];
        if (accepts == ACCEPTING_UNCONDITIONAL) {
            result = i;
        } else if (accepts > ACCEPTING_UNCONDITIONAL && lookahead[accepts] >= 0) {
            // A look-ahead rule matched in full: break where its '/' was.
            result = lookahead[accepts];
            if (result <= initial) return -1;  // a look-ahead back to the start: never in ICU's tables
            goto found;
        }
        // At a look-ahead rule's '/': remember where, in case the rule completes.
        uint32_t slot = rules->lookahead_slot[state >> shift];
        if (slot > ACCEPTING_UNCONDITIONAL) lookahead[slot] = (int32_t)i;
        continue;
    stopped:
        // No rule matched: ICU steps over one code point.
        if (result == initial) {
            result = initial + 1;
            if ((text[initial] & 0xFC00) == 0xD800 && result < end && (text[result] & 0xFC00) == 0xDC00) result++;
        }
    found:
        *out++ = (int32_t)result;
        if (result >= end) return (int32_t)(out - ends);
        initial = result;
        // The next match starts with the character just read? Then its first step needs no second
        // reading. Reads start on code point boundaries, so a pair before i is the character last read.
        ptrdiff_t last = i - 1;
        if ((text[last] & 0xFC00) == 0xDC00 && last > 0 && (text[last - 1] & 0xFC00) == 0xD800) last--;
        if (result == last) {
            state = next[start + category];
            if (state < plain) continue;
            goto special;
        }
        i = result;
        state = start;
    }
}

