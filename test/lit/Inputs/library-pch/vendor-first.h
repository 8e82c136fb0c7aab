#include <vendor.h>
