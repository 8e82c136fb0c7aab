// A user's header that does not include the library, before it.
#ifndef HELPER_HPP
#define HELPER_HPP

#include <vector>
#endif // HELPER_HPP
