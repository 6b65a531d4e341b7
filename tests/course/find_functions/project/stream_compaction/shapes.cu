// A source of the planted project: defines one of the two extern variables its header declares,
// and includes its header after a system header and a Windows-only one, as a student's source
// may: shapes.h's unit includes it the same way (<cstdio>, then shapes.h), the conditional one
// and those after shapes.h left out.
#include <cstdio>
#ifdef _WIN32
#include <windows.h>
#endif
#include "shapes.h"
#include "after_shapes.h"
int definedElsewhere = 3;
