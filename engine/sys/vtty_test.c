#include "engine/base/testlib.h"
int main(void) { return (test_done()); }
