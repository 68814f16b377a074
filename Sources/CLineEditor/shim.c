#include "CLineEditor.h"
int cle_placeholder(void) { return 0; }
