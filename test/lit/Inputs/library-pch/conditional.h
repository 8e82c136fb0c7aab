#ifdef WIDTH
#endif
