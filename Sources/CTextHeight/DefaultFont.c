#include "CTextHeight.h"

// C23 #embed: compiles in about a second, where a Swift byte-array literal took minutes.
static const unsigned char default_font[] = {
#embed "../../fixtures/fonts/Inter-Regular.otf"
};

const unsigned char *th_default_font_data(void) { return default_font; }
size_t th_default_font_size(void) { return sizeof default_font; }
