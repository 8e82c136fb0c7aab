#include <vector> \

