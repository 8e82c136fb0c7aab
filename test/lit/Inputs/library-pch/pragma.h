#pragma GCC diagnostic warning "-Wshadow"
