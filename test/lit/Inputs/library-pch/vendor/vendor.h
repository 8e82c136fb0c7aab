#pragma once
#define VENDOR 1
