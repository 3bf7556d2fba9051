/* placeholder: replaced by the real screen implementation */
#include "engine/term/vt.h"
