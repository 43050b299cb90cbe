// libpng's simplified API (png_image_*): it reports errors by return value instead of longjmp,
// which must never unwind through Swift frames.
#include <png.h>
