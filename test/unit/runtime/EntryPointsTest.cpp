//===- EntryPointsTest.cpp - The table the loader calls through -----------===//

#include "EntryPoints.h"

#include <gtest/gtest.h>

namespace {

TEST(EntryPoints, TableHasThisBuildsVersionAndEveryEntryPoint) {
  const offload::rt::EntryPoints *Table = __cxxoffload_entry_points();
  ASSERT_NE(Table, nullptr);
  EXPECT_EQ(Table->AbiVersion, offload::detail::AbiVersion);
  EXPECT_EQ(Table->NumEntries, offload::rt::NumEntryPoints);
  EXPECT_EQ(sizeof(offload::rt::EntryPoints),
            8 + sizeof(void *) * offload::rt::NumEntryPoints);
  // This test links the runtime itself, so each entry is the function the
  // program would otherwise have linked.
#define OFFLOAD_EXPECT_ENTRY(Namespace, Name)                                  \
  EXPECT_EQ(Table->Name, &Namespace::Name) << #Name;
  OFFLOAD_RUNTIME_ENTRY_POINTS(OFFLOAD_EXPECT_ENTRY)
#undef OFFLOAD_EXPECT_ENTRY
}

} // namespace
