//===- ImagesTest.cpp - Which image runs on which device ------------------===//

#include "Images.h"
#include "Cuda.h"

#include <gtest/gtest.h>

using namespace offload::rt;

namespace {

TEST(Images, CubinsRunOnTheirMajorVersionWithAnEqualOrHigherMinor) {
  EXPECT_TRUE(imageRuns("sm_90", "sm_90"));
  EXPECT_TRUE(imageRuns("sm_80", "sm_86"));
  EXPECT_FALSE(imageRuns("sm_86", "sm_80"));
  EXPECT_FALSE(imageRuns("sm_80", "sm_90")) << "the H200 needs an sm_90 image";
  EXPECT_FALSE(imageRuns("sm_90", "sm_100"));
  EXPECT_FALSE(imageRuns("gfx90a", "sm_90"));
  EXPECT_FALSE(imageRuns("host", "sm_90"));
}

TEST(Images, AmdAndHostImagesNeedTheirExactArchitecture) {
  EXPECT_TRUE(imageRuns("gfx942", "gfx942"));
  EXPECT_FALSE(imageRuns("gfx90a", "gfx942"));
  EXPECT_FALSE(imageRuns("sm_90", "gfx942"));
  EXPECT_TRUE(imageRuns("host", "host"));
  EXPECT_FALSE(imageRuns("sm_90", "host"));
  EXPECT_TRUE(imageRuns("gfx90a", "")) << "unknown devices: liboffload decides";
}

TEST(Images, PicksTheFirstImageThatRuns) {
  const std::vector<std::string> Fat = {"sm_80", "sm_90", "gfx90a", "gfx942",
                                        "host"};
  EXPECT_EQ(imageFor(Fat, "sm_90"), "sm_90");
  EXPECT_EQ(imageFor(Fat, "sm_86"), "sm_80");
  EXPECT_EQ(imageFor(Fat, "gfx942"), "gfx942");
  EXPECT_EQ(imageFor(Fat, "host"), "host");
  EXPECT_EQ(imageFor({"sm_80"}, "sm_90"), "");
  EXPECT_EQ(imageFor({"sm_90", "host"}, "gfx90a"), "");
}

TEST(Images, NamesAmdGpusFromTheirKfdTargetVersion) {
  EXPECT_EQ(gfxName(90010), "gfx90a");
  EXPECT_EQ(gfxName(90402), "gfx942");
  EXPECT_EQ(gfxName(90008), "gfx908");
  EXPECT_EQ(gfxName(110000), "gfx1100");
  EXPECT_EQ(gfxName(0), "") << "a CPU node";
}

} // namespace
