; Thread functions as a host image hands them to the block scheduler
; (test/lit/team/lockstep-ir.test).
target triple = "x86_64-pc-linux-gnu"

@__cxxoffload_host_team = global ptr null
@site = private constant [7 x i8] c"sync()\00"

declare void @__cxxoffload_team_barrier(ptr)
declare i32 @__cxxoffload_team_rank(i32)
declare void @__cxxoffload_team_run_block(ptr, ptr, ptr)

; Each thread reads a value before its barrier and writes it after: the
; value keeps a slot across the barrier, its address is computed again.
define internal void @kept(ptr %ctx, i32 %rank) {
  %r = call i32 @__cxxoffload_team_rank(i32 %rank)
  %data = load ptr, ptr %ctx
  %from = getelementptr i32, ptr %data, i32 %r
  %v = load i32, ptr %from
  call void @__cxxoffload_team_barrier(ptr @site)
  %to = getelementptr i32, ptr %from, i32 64
  store i32 %v, ptr %to
  ret void
}

; A value computed from the rank alone is computed again after the barrier.
define internal void @recomputed(ptr %ctx, i32 %rank) {
  %r = call i32 @__cxxoffload_team_rank(i32 %rank)
  %v = mul i32 %r, 3
  call void @__cxxoffload_team_barrier(ptr @site)
  %data = load ptr, ptr %ctx
  %at = getelementptr i32, ptr %data, i32 %r
  store i32 %v, ptr %at
  ret void
}

; Addresses derived from a pointer the thread loads (a table entry of its
; own) cross the barrier: the pointer keeps one slot, the addresses are
; computed again from it.
define internal void @derived(ptr %ctx, i32 %rank) {
  %r = call i32 @__cxxoffload_team_rank(i32 %rank)
  %table = load ptr, ptr %ctx
  %entry = getelementptr ptr, ptr %table, i32 %r
  %p = load ptr, ptr %entry
  %row = mul i32 %r, 16
  %a = getelementptr i32, ptr %p, i32 %row
  %b = getelementptr i32, ptr %a, i32 7
  %c = getelementptr i32, ptr %a, i32 9
  %v = load i32, ptr %a
  call void @__cxxoffload_team_barrier(ptr @site)
  store i32 %v, ptr %b
  store i32 %v, ptr %c
  ret void
}

; A call through a pointer might reach a barrier.
define internal void @indirect(ptr %ctx, i32 %rank) {
  %f = load ptr, ptr %ctx
  call void %f()
  call void @__cxxoffload_team_barrier(ptr @site)
  ret void
}

define void @run(ptr %team, ptr %ctx) {
  call void @__cxxoffload_team_run_block(ptr %team, ptr @kept, ptr %ctx)
  call void @__cxxoffload_team_run_block(ptr %team, ptr @recomputed, ptr %ctx)
  call void @__cxxoffload_team_run_block(ptr %team, ptr @derived, ptr %ctx)
  call void @__cxxoffload_team_run_block(ptr %team, ptr @indirect, ptr %ctx)
  ret void
}
