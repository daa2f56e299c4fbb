#include <libxml/xmlversion.h>
// Debian's libxml2 is built with ICU, whose headers clash with Foundation's own copy of ICU.
// Nothing here uses libxml2's ICU converters (only pointers to encoding handlers pass by), so
// their declarations are left out.
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/SAX2.h>
#include <libxml/xmlerror.h>
