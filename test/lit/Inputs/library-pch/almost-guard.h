// A guard whose #define does not follow.
#ifndef ALMOST_GUARDED_H
#include <vector>
#define ALMOST_GUARDED_H
#endif
