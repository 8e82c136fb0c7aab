#pragma once
constexpr int DeviceOnlyValue = 42;
