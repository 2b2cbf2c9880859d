// RUN: tile-opt %s --tile-test-parallel-copy --mlir-disable-threading -o /dev/null | FileCheck %s

// The parallel-copy scheduler on its own: each function declares copies as
// [source offset, source size, target offset, target size] byte windows of
// its buffer argument (a negative source offset: a source without storage),
// and the test pass prints the steps: `copy #i` delivers copy i's current
// source into its target (`from #j`: read from copy j's target, which
// already holds the same source), `spill #i` first moves its source to a
// scratch tile.
//
// --mlir-disable-threading: the pass prints from each function's instance.

// Tests that independent copies keep their order and need no scratch.
// CHECK-LABEL: parallel copy of @independent:
// CHECK-NEXT:   copy #0
// CHECK-NEXT:   copy #1
// CHECK-NOT: {{.}}
func.func @independent(%b: !tile.buffer<vec, 1024>) attributes {
    test.parallel_copy = [array<i64: 0, 256, 512, 256>,
                               array<i64: 256, 256, 768, 256>]} {
  return
}

// Tests that a copy whose target still holds another copy's source waits
// for that copy (a chain: 0 -> 256 -> 512 is scheduled back to front).
// CHECK-LABEL: parallel copy of @chain:
// CHECK-NEXT:   copy #1
// CHECK-NEXT:   copy #0
// CHECK-NOT: {{.}}
func.func @chain(%b: !tile.buffer<vec, 1024>) attributes {
    test.parallel_copy = [array<i64: 0, 256, 256, 256>,
                               array<i64: 256, 256, 512, 256>]} {
  return
}

// Tests that a swap is broken by one scratch: the first copy's source is
// spilled, the second copy runs, then the first from the scratch.
// CHECK-LABEL: parallel copy of @swap:
// CHECK-NEXT:   spill #0
// CHECK-NEXT:   copy #1
// CHECK-NEXT:   copy #0
// CHECK-NOT: {{.}}
func.func @swap(%b: !tile.buffer<vec, 1024>) attributes {
    test.parallel_copy = [array<i64: 0, 256, 256, 256>,
                               array<i64: 256, 256, 0, 256>]} {
  return
}

// Tests that a 3-rotation takes one scratch, not one per copy.
// CHECK-LABEL: parallel copy of @rotation:
// CHECK-NEXT:   spill #0
// CHECK-NEXT:   copy #2
// CHECK-NEXT:   copy #1
// CHECK-NEXT:   copy #0
// CHECK-NOT: {{.}}
func.func @rotation(%b: !tile.buffer<vec, 1024>) attributes {
    test.parallel_copy = [array<i64: 0, 256, 256, 256>,
                               array<i64: 256, 256, 512, 256>,
                               array<i64: 512, 256, 0, 256>]} {
  return
}

// Tests that two disjoint swaps take one scratch each.
// CHECK-LABEL: parallel copy of @two_cycles:
// CHECK-NEXT:   spill #0
// CHECK-NEXT:   copy #1
// CHECK-NEXT:   copy #0
// CHECK-NEXT:   spill #2
// CHECK-NEXT:   copy #3
// CHECK-NEXT:   copy #2
// CHECK-NOT: {{.}}
func.func @two_cycles(%b: !tile.buffer<vec, 1024>) attributes {
    test.parallel_copy = [array<i64: 0, 128, 128, 128>,
                               array<i64: 128, 128, 0, 128>,
                               array<i64: 512, 128, 640, 128>,
                               array<i64: 640, 128, 512, 128>]} {
  return
}

// Tests fan-out: one source delivered to three targets needs no scratch;
// once delivered, it is read from its first target.
// CHECK-LABEL: parallel copy of @fan_out:
// CHECK-NEXT:   copy #0
// CHECK-NEXT:   copy #1 from #0
// CHECK-NEXT:   copy #2 from #0
// CHECK-NOT: {{.}}
func.func @fan_out(%b: !tile.buffer<vec, 1024>) attributes {
    test.parallel_copy = [array<i64: 0, 256, 256, 256>,
                               array<i64: 0, 256, 512, 256>,
                               array<i64: 0, 256, 768, 256>]} {
  return
}

// Tests that copies from one window of two different values (payloads 0
// and 1) share no delivery: each reads its own source (a loop result and the
// value seeding the loop sat in one window until the loop got its entry
// copy, and the second carry received the loop result: hunt of 2026-12-04).
// CHECK-LABEL: parallel copy of @one_window_two_values:
// CHECK-NEXT:   copy #0
// CHECK-NEXT:   copy #1
// CHECK-NOT: {{.}}
func.func @one_window_two_values(%b: !tile.buffer<vec, 1024>) attributes {
    test.parallel_copy = [array<i64: 0, 256, 256, 256, 0>,
                               array<i64: 0, 256, 512, 256, 1>]} {
  return
}

// Tests fan-out from a window another copy writes: the first delivery of
// the fanned-out source frees its window, which the copy overwriting it then
// fills; the second delivery reads the first.
// CHECK-LABEL: parallel copy of @fan_out_then_overwrite:
// CHECK-NEXT:   copy #1
// CHECK-NEXT:   copy #0
// CHECK-NEXT:   copy #2 from #1
// CHECK-NOT: {{.}}
func.func @fan_out_then_overwrite(%b: !tile.buffer<vec, 1024>) attributes {
    test.parallel_copy = [array<i64: 768, 256, 0, 256>,
                          array<i64: 0, 256, 256, 256>,
                          array<i64: 0, 256, 512, 256>]} {
  return
}

// Tests fan-out inside a cycle (carries yielded %b, %a, %a, %a): the first
// delivery of %a frees its window for %b, so the cycle needs no scratch:
// four copies where spilling took five moves and a scratch tile.
// CHECK-LABEL: parallel copy of @fan_out_cycle:
// CHECK-NEXT:   copy #2
// CHECK-NEXT:   copy #0
// CHECK-NEXT:   copy #1 from #2
// CHECK-NEXT:   copy #3 from #2
// CHECK-NOT: {{.}}
func.func @fan_out_cycle(%b: !tile.buffer<vec, 1024>) attributes {
    test.parallel_copy = [array<i64: 256, 256, 0, 256>,
                          array<i64: 0, 256, 256, 256>,
                          array<i64: 0, 256, 512, 256>,
                          array<i64: 0, 256, 768, 256>]} {
  return
}

// Tests that a delivered copy is not read again while a copy still to run
// writes over it: here the first delivery's target is another copy's
// target too, so the second delivery keeps reading the source.
// CHECK-LABEL: parallel copy of @fan_out_target_rewritten:
// CHECK-NEXT:   copy #0
// CHECK-NEXT:   copy #1
// CHECK-NEXT:   copy #2
// CHECK-NOT: {{.}}
func.func @fan_out_target_rewritten(%b: !tile.buffer<vec, 1024>) attributes {
    test.parallel_copy = [array<i64: 0, 256, 256, 256>,
                          array<i64: 0, 256, 512, 256>,
                          array<i64: 768, 128, 256, 128>]} {
  return
}

// Tests partially overlapping windows: a target overlapping part of another
// copy's source blocks like a full overlap.
// CHECK-LABEL: parallel copy of @partial_overlap:
// CHECK-NEXT:   copy #1
// CHECK-NEXT:   copy #0
// CHECK-NOT: {{.}}
func.func @partial_overlap(%b: !tile.buffer<vec, 1024>) attributes {
    test.parallel_copy = [array<i64: 0, 256, 384, 256>,
                          array<i64: 512, 256, 768, 256>]} {
  return
}

// Tests that a copy onto part of its own source is spilled first (it is not
// in-place safe), even when nothing else blocks it.
// CHECK-LABEL: parallel copy of @onto_own_source:
// CHECK-NEXT:   spill #0
// CHECK-NEXT:   copy #0
// CHECK-NOT: {{.}}
func.func @onto_own_source(%b: !tile.buffer<vec, 1024>) attributes {
    test.parallel_copy = [array<i64: 0, 256, 128, 256>]} {
  return
}

// Tests that a source blocks the copies whose targets overlap it...
// CHECK-LABEL: parallel copy of @source_blocks:
// CHECK-NEXT:   copy #1
// CHECK-NEXT:   copy #0
// CHECK-NOT: {{.}}
func.func @source_blocks(%b: !tile.buffer<vec, 1024>) attributes {
    test.parallel_copy = [array<i64: 0, 256, 256, 256>,
                          array<i64: 256, 256, 768, 256>]} {
  return
}

// ...and that a source without storage blocks nothing.
// CHECK-LABEL: parallel copy of @no_source_window:
// CHECK-NEXT:   copy #0
// CHECK-NEXT:   copy #1
// CHECK-NOT: {{.}}
func.func @no_source_window(%b: !tile.buffer<vec, 1024>) attributes {
    test.parallel_copy = [array<i64: 0, 256, 256, 256>,
                          array<i64: -1, 0, 768, 256>]} {
  return
}

// Tests that the schedule ends when spilling one copy is not enough: #0 and
// #1 read the same window, which the targets of #2 and #3 each half
// overlap. Spilling #0 leaves #1's source in place, so #1 is spilled next
// (the scheduler used to spill #0 again, forever).
// CHECK-LABEL: parallel copy of @fan_out_half_overlaps:
// CHECK-NEXT:   spill #0
// CHECK-NEXT:   spill #1
// CHECK-NEXT:   copy #2
// CHECK-NEXT:   copy #0
// CHECK-NEXT:   copy #3
// CHECK-NEXT:   copy #1
// CHECK-NOT: {{.}}
func.func @fan_out_half_overlaps(%b: !tile.buffer<vec, 2048>) attributes {
    test.parallel_copy = [array<i64: 512, 256, 1024, 256>,
                               array<i64: 512, 256, 1280, 256>,
                               array<i64: 1024, 256, 640, 256>,
                               array<i64: 1280, 256, 384, 256>]} {
  return
}

// Tests that two copies of one window onto itself end: each blocks the
// other until both sources are spilled, then they run in order.
// CHECK-LABEL: parallel copy of @same_window_twice:
// CHECK-NEXT:   spill #0
// CHECK-NEXT:   spill #1
// CHECK-NEXT:   copy #0
// CHECK-NEXT:   copy #1
// CHECK-NOT: {{.}}
func.func @same_window_twice(%b: !tile.buffer<vec, 1024>) attributes {
    test.parallel_copy = [array<i64: 0, 16, 0, 16>, array<i64: 0, 16, 0, 16>]} {
  return
}
