#include "CTextHeight.h"
#include <unicode/uchar.h>

int th_is_emoji_presentation(uint32_t c) { return u_hasBinaryProperty((UChar32)c, UCHAR_EMOJI_PRESENTATION); }
int th_is_emoji_modifier(uint32_t c) { return u_hasBinaryProperty((UChar32)c, UCHAR_EMOJI_MODIFIER); }
int th_is_regional_indicator(uint32_t c) { return u_hasBinaryProperty((UChar32)c, UCHAR_REGIONAL_INDICATOR); }
int th_is_default_ignorable(uint32_t c) { return u_hasBinaryProperty((UChar32)c, UCHAR_DEFAULT_IGNORABLE_CODE_POINT); }
int th_is_emoji(uint32_t c) { return u_hasBinaryProperty((UChar32)c, UCHAR_EMOJI); }
int th_is_emoji_modifier_base(uint32_t c) { return u_hasBinaryProperty((UChar32)c, UCHAR_EMOJI_MODIFIER_BASE); }
