// Opens a plugin-built library, calls its kernel, closes it, and does it
// again (test/lit/e2e/dlclose.test). Built without the plugin.
#include <cstdio>
#include <dlfcn.h>

int main(int Argc, char **Argv) {
  for (int Round = 0; Round < 3; ++Round) {
    void *Library = dlopen(Argv[1], RTLD_NOW | RTLD_LOCAL);
    if (!Library) {
      std::printf("dlopen: %s\n", dlerror());
      return 1;
    }
    auto *AddTen =
        reinterpret_cast<int (*)(int)>(dlsym(Library, "libraryAddTen"));
    std::printf("round %d: %d\n", Round, AddTen ? AddTen(Round) : -2);
    std::fflush(stdout);
    if (dlclose(Library) != 0) {
      std::printf("dlclose: %s\n", dlerror());
      return 1;
    }
  }
  return 0;
}
