#include <libxml/xmlversion.h>
// Debian's libxml2 is built with ICU, and encoding.h then includes ICU's headers: in a Swift module that
// also imports Foundation (the tests) they clash with Foundation's own copy of them (_FoundationICU). Only
// the last two fields of xmlCharEncodingHandler depend on it, a struct reached here only through pointers.
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xmlerror.h>
