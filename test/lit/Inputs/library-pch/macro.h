#define WIDTH 4
