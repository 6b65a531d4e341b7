// A source of the planted project: defines one of the two extern variables its header declares.
#include "shapes.h"
int definedElsewhere = 3;
