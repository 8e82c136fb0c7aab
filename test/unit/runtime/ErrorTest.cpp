//===- ErrorTest.cpp - Failures end the program with a message ------------===//
//
// Runtime failures print "offload: error: ..." and exit with status 1; each
// case runs in a child process.
//
//===----------------------------------------------------------------------===//

#include "DeviceState.h"
#include "Devices.h"
#include "Report.h"

#include <offload/offload.hpp>

#include <gtest/gtest.h>

#include <cstdlib>
#include <vector>

using namespace offload::rt;
using ::testing::ExitedWithCode;

namespace {

void setTo(int Value, offload::Region<int> V) {
  for (auto [I, Vi] : V)
    Vi = Value;
}

class ErrorDeathTest : public ::testing::Test {
protected:
  // A fresh process per case, so that OFFLOAD_* are read anew.
  void SetUp() override { GTEST_FLAG_SET(death_test_style, "threadsafe"); }
};

TEST_F(ErrorDeathTest, FatalPrintsTheErrorAndExitsWithOne) {
  EXPECT_EXIT(fatal(llvm::createStringError("the cause")), ExitedWithCode(1),
              "offload: error: the cause");
}

TEST_F(ErrorDeathTest, LaunchingAKernelWithoutImageExits) {
  static int NotAKernel;
  offload::detail::rt::LaunchRequest R{&NotAKernel, {1, 1, 1}, {0, 0, 0}, 0,
                                       nullptr,     nullptr,   nullptr};
  EXPECT_EXIT(offload::detail::rt::launch(R), ExitedWithCode(1),
              "offload: error: the kernel .* has no device image");
}

TEST_F(ErrorDeathTest, AnInvalidCallThatSlippedThroughExits) {
  EXPECT_EXIT(offload::detail::rt::invalidCall("void offload(...)"),
              ExitedWithCode(1),
              "an invalid offload\\(\\) call was compiled without a "
              "diagnostic \\(void offload\\(...\\)\\)");
}

TEST_F(ErrorDeathTest, AnOffloadDeviceThatNamesNoDeviceExits) {
  EXPECT_EXIT(
      {
        setenv("OFFLOAD_DEVICE", "fpga", 1);
        std::vector<int> V(3);
        offload::offload(setTo, 1, V);
      },
      ExitedWithCode(1), "OFFLOAD_DEVICE='fpga' names no device");
}

TEST_F(ErrorDeathTest, AMissingDeviceKindExits) {
  EXPECT_EXIT(
      {
        setenv("OFFLOAD_DEVICE", "cuda", 1);
        std::vector<int> V(3);
        offload::offload(setTo, 1, V);
      },
      ExitedWithCode(1),
      // Without a GPU the message lists the images; on a GPU machine it
      // names the GPU that this host-only program has no image for.
      "no cuda device among the [0-9]+ available .*; (this program has "
      "images for \\[host\\]|this machine's .* (has|have) no image in this "
      "program, which was built for \\[host\\])");
}

TEST_F(ErrorDeathTest, InfoReportsEachOffload) {
  // Read once, when the images are registered at start-up: the child that
  // runs this case inherits it.
  setenv("OFFLOAD_INFO", "3", 1);
  EXPECT_EXIT(
      {
        std::vector<int> V(3);
        offload::offload(setTo, 1, V);
        std::exit(V[2] == 1 ? 0 : 2);
      },
      ExitedWithCode(0),
      "registered 1 image\\(s\\) \\[host\\] with 1 kernel\\(s\\) from "
      ".*ErrorTest.cpp(.|\n)*selected device [0-9]+ \\(host, host\\): image "
      "host of \\[host\\]\n"
      "offload: info: kernel 'setTo' on device [0-9]+ \\(host\\): 3 threads, 1 "
      "blocks of 256; 12 bytes to the device in [0-9.]+ us, kernel [0-9.]+ us, "
      "12 bytes back in [0-9.]+ us");
  unsetenv("OFFLOAD_INFO");
}

} // namespace
