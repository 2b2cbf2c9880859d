// RUN: tile-opt %s --tile-allocate-memory-addr="memory-planner=pypto" --tile-verify-storage="allocated=true" --split-input-file | FileCheck %s --check-prefixes=CHECK,PYPTO
// RUN: tile-opt %s --tile-allocate-memory-addr="memory-planner=dsa-rp" --tile-verify-storage="allocated=true" --split-input-file | FileCheck %s --check-prefixes=CHECK,DSA
// RUN: tile-opt %s --tile-allocate-memory-addr="memory-planner=dsa-rp" --tile-allocate-memory-addr="memory-planner=pypto" --tile-verify-storage="allocated=true" --split-input-file | FileCheck %s --check-prefixes=CHECK,DSA
// RUN: tile-opt %s --tile-allocate-memory-addr="memory-planner=dsa-rp" --mlir-pass-statistics -o /dev/null 2>&1 | FileCheck %s --check-prefix=STATS

// tile-verify-storage{allocated=true} after the pass: every allocation has
// an address and no move reads and writes overlapping addresses. The third
// RUN line places twice: the second run keeps every address (a placed
// allocation is fixed).

// Statistics of the whole file as one module (dsa-rp), summed over the
// functions (the a5 module is nested, so not visited): 25 allocations
// and 5 scratch tiles placed, 5 of them over an in-place partner; vec used
// (highest end address): 512 + 104 + 1024 + 640 + 512 + 544 + 1088 +
// 131584; the max-live lower bounds (allocations and scratch tiles; an
// in-place pair's overlap is not counted at its point): vec 512 + 80 +
// 1024 + 512 + 512 + 544 + 1088 + 131584 (@scratch: 288 with its 256-byte
// scratch; @scratch_sizes: the row_max's 1024-byte scratch next to its
// 64-byte result; @scratch_over_dead_allocation: the row max's source, its
// scratch and its result), plus 128 * 3 + 256 (mat, left, right, acc of
// @spaces).
// STATS-DAG: (S) 25 placed
// STATS-DAG: (S) 5 scratch-placed
// STATS-DAG: (S) 5 in-place-placed
// STATS-DAG: (S) 256 acc-bytes
// STATS-DAG: (S) 136008 vec-bytes
// STATS-DAG: (S) 136496 peak-bytes

// Tests the two planners on a chain: pypto gives each allocation its own
// range in program order; dsa-rp places the largest first, then each
// 256-byte buffer in place over the window of the 512-byte one that the op
// reads for the last time or writes first (the exps are in-place safe):
// %b0 at 256, under the window [256, 512) the second exp writes, and %b2
// over the same window, which the third exp reads: 512 bytes in all.
// CHECK-LABEL: func.func @chain
// PYPTO-NEXT:    tile.alloc addr = 0 : !tile.buffer<vec, 256>
// PYPTO-NEXT:    tile.alloc addr = 256 : !tile.buffer<vec, 512>
// PYPTO-NEXT:    tile.alloc addr = 768 : !tile.buffer<vec, 256>
// DSA-NEXT:      tile.alloc addr = 256 : !tile.buffer<vec, 256>
// DSA-NEXT:      tile.alloc addr = 0 : !tile.buffer<vec, 512>
// DSA-NEXT:      tile.alloc addr = 256 : !tile.buffer<vec, 256>
func.func @chain(%x: !tile.tile<8x8xf32, vec>) -> !tile.tile<8x8xf32, vec> {
  %b0 = tile.alloc : !tile.buffer<vec, 256>
  %b1 = tile.alloc : !tile.buffer<vec, 512>
  %b2 = tile.alloc : !tile.buffer<vec, 256>
  %a = tile.exp %x into(%b0 : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>
  %t = tile.exp %a into(%b1[256, 256] : !tile.buffer<vec, 512>) : !tile.tile<8x8xf32, vec>
  %u = tile.exp %t into(%b2 : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>
  return %u : !tile.tile<8x8xf32, vec>
}

// -----

// Tests that addresses are 32-byte aligned when sizes are not multiples of
// 32, in both planners (both buffers are live together).
// CHECK-LABEL: func.func @alignment
// CHECK-NEXT:    tile.alloc addr = 0 : !tile.buffer<vec, 40>
// CHECK-NEXT:    tile.alloc addr = 64 : !tile.buffer<vec, 40>
func.func @alignment(%x: !tile.tile<1x10xf32, vec>) -> !tile.tile<1x10xf32, vec> {
  %b0 = tile.alloc : !tile.buffer<vec, 40>
  %b1 = tile.alloc : !tile.buffer<vec, 40>
  %a = tile.exp %x into(%b0 : !tile.buffer<vec, 40>) : !tile.tile<1x10xf32, vec>
  %b = tile.exp %x into(%b1 : !tile.buffer<vec, 40>) : !tile.tile<1x10xf32, vec>
  %c = tile.add %a, %b into(%b0 : !tile.buffer<vec, 40>) : !tile.tile<1x10xf32, vec>
  return %c : !tile.tile<1x10xf32, vec>
}

// -----

// Tests that allocations that already have an address (pinned or not) keep
// it and are obstacles: pypto skips their ranges for good; dsa-rp only
// while they are live; the last buffer goes in place over %m1, whose %f
// dies at the add writing it (user storage %p, whose %e dies there too, is
// never a partner: it keeps exactly its own values).
// CHECK-LABEL: func.func @fixed
// CHECK-NEXT:    tile.alloc addr = 0 pinned : !tile.buffer<vec, 256>
// CHECK-NEXT:    tile.alloc addr = 512 : !tile.buffer<vec, 256>
// CHECK-NEXT:    tile.alloc addr = 256 : !tile.buffer<vec, 256>
// CHECK-NEXT:    tile.alloc addr = 768 : !tile.buffer<vec, 256>
// PYPTO-NEXT:    tile.alloc addr = 1024 : !tile.buffer<vec, 256>
// DSA-NEXT:      tile.alloc addr = 256 : !tile.buffer<vec, 256>
func.func @fixed(%x: !tile.tile<8x8xf32, vec>) -> !tile.tile<8x8xf32, vec> {
  %p = tile.alloc addr = 0 pinned : !tile.buffer<vec, 256>
  %q = tile.alloc addr = 512 : !tile.buffer<vec, 256>
  %m1 = tile.alloc : !tile.buffer<vec, 256>
  %m2 = tile.alloc : !tile.buffer<vec, 256>
  %late = tile.alloc : !tile.buffer<vec, 256>
  %a = tile.exp %x into(%p : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>
  %b = tile.exp %x into(%q : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>
  %c = tile.exp %x into(%m1 : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>
  %d = tile.exp %x into(%m2 : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>
  %e = tile.add %a, %b into(%p : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>
  %f = tile.add %c, %d into(%m1 : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>
  %g = tile.add %e, %f into(%late : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>
  return %g : !tile.tile<8x8xf32, vec>
}

// -----

// Tests that a multi-slot buffer is placed whole (size * slots bytes), and
// that all windows and views of one buffer move with it: one address per
// allocation, and the view read keeps its source's buffer live, so dsa-rp
// cannot give those bytes to the buffer written while the view is read.
// CHECK-LABEL: func.func @slots_and_views
// CHECK-NEXT:    tile.alloc addr = 0 : !tile.buffer<vec, 256, slots = 2>
// CHECK-NEXT:    tile.alloc addr = 512 : !tile.buffer<vec, 128>
// PYPTO-NEXT:    tile.alloc addr = 640 : !tile.buffer<vec, 512>
// DSA-NEXT:      tile.alloc addr = 0 : !tile.buffer<vec, 512>
func.func @slots_and_views(%x: !tile.tile<8x8xf32, vec>, %i: index) -> !tile.tile<4x8xf32, vec> {
  %pool = tile.alloc : !tile.buffer<vec, 256, slots = 2>
  %o = tile.alloc : !tile.buffer<vec, 128>
  %late = tile.alloc : !tile.buffer<vec, 512>
  %v = tile.exp %x into(%pool slot %i : !tile.buffer<vec, 256, slots = 2>) : !tile.tile<8x8xf32, vec>
  %w = tile.exp %x into(%pool slot 1 : !tile.buffer<vec, 256, slots = 2>) : !tile.tile<8x8xf32, vec>
  %s = tile.slice %w[4, 0] : !tile.tile<8x8xf32, vec> -> !tile.tile<4x8xf32, vec>
  %e = tile.exp %s into(%o : !tile.buffer<vec, 128>) : !tile.tile<4x8xf32, vec>
  %l = tile.exp %e into(%late[0, 128] : !tile.buffer<vec, 512>) : !tile.tile<4x8xf32, vec>
  return %l : !tile.tile<4x8xf32, vec>
}

// -----

// Tests dsa-rp on a loop: the accumulator is live through the whole loop,
// the load buffer only inside it and the result buffer only after it; the
// exp after the loop reads the accumulator for the last time, so the
// result goes in place over it; pypto gives each its own.
// CHECK-LABEL: func.func @loop
// CHECK-NEXT:    tile.alloc addr = 0 : !tile.buffer<vec, 256>
// CHECK-NEXT:    tile.alloc addr = 256 : !tile.buffer<vec, 256>
// PYPTO-NEXT:    tile.alloc addr = 512 : !tile.buffer<vec, 256>
// DSA-NEXT:      tile.alloc addr = 0 : !tile.buffer<vec, 256>
func.func @loop(%A: !tile.tensor<32x8xf32>, %n: index) -> !tile.tile<8x8xf32, vec> {
  %acc = tile.alloc : !tile.buffer<vec, 256>
  %in = tile.alloc : !tile.buffer<vec, 256>
  %out = tile.alloc : !tile.buffer<vec, 256>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = tile.full 0.0 into(%acc : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %z) -> (!tile.tile<8x8xf32, vec>) {
    %t = tile.load %A[%i, %c0] into(%in : !tile.buffer<vec, 256>) : !tile.tensor<32x8xf32> -> !tile.tile<8x8xf32, vec>
    %s = tile.add %a, %t into(%acc : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>
    scf.yield %s : !tile.tile<8x8xf32, vec>
  }
  %m = tile.exp %r into(%out : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>
  return %m : !tile.tile<8x8xf32, vec>
}

// -----

// Tests that every space has its own address range and that a move between
// spaces is fine (its source and destination are in different memories).
// CHECK-LABEL: func.func @spaces
// CHECK-NEXT:    tile.alloc addr = 0 : !tile.buffer<mat, 128>
// CHECK-NEXT:    tile.alloc addr = 0 : !tile.buffer<left, 128>
// CHECK-NEXT:    tile.alloc addr = 0 : !tile.buffer<right, 128>
// CHECK-NEXT:    tile.alloc addr = 0 : !tile.buffer<acc, 256>
func.func @spaces(%A: !tile.tensor<8x8xf16>) -> !tile.tile<8x8xf32, acc> {
  %bm = tile.alloc : !tile.buffer<mat, 128>
  %bl = tile.alloc : !tile.buffer<left, 128>
  %br = tile.alloc : !tile.buffer<right, 128>
  %ba = tile.alloc : !tile.buffer<acc, 256>
  %c0 = arith.constant 0 : index
  %m = tile.load %A[%c0, %c0] into(%bm : !tile.buffer<mat, 128>) : !tile.tensor<8x8xf16> -> !tile.tile<8x8xf16, mat>
  %l = tile.move %m into(%bl : !tile.buffer<left, 128>) : !tile.tile<8x8xf16, mat> -> !tile.tile<8x8xf16, left>
  %r = tile.move %m into(%br : !tile.buffer<right, 128>) : !tile.tile<8x8xf16, mat> -> !tile.tile<8x8xf16, right>
  %c = tile.matmul %l, %r into(%ba : !tile.buffer<acc, 256>) : !tile.tile<8x8xf16, left>, !tile.tile<8x8xf16, right> -> !tile.tile<8x8xf32, acc>
  return %c : !tile.tile<8x8xf32, acc>
}

// -----

// Tests that the capacities follow the module's tile.target_arch: two acc
// buffers of 128 KiB live together fit in a5's 256 KiB of acc (a3 has 128).
// CHECK-LABEL: func.func @a5_acc
// CHECK-NEXT:    tile.alloc addr = 0 : !tile.buffer<acc, 131072>
// CHECK-NEXT:    tile.alloc addr = 131072 : !tile.buffer<acc, 131072>
module attributes {tile.target_arch = "a5"} {
  func.func @a5_acc(%l: !tile.tile<128x128xf16, left>, %r: !tile.tile<128x256xf16, right>) -> (!tile.tile<128x256xf32, acc>, !tile.tile<128x256xf32, acc>) {
    %b0 = tile.alloc : !tile.buffer<acc, 131072>
    %b1 = tile.alloc : !tile.buffer<acc, 131072>
    %c0 = tile.matmul %l, %r into(%b0 : !tile.buffer<acc, 131072>) : !tile.tile<128x128xf16, left>, !tile.tile<128x256xf16, right> -> !tile.tile<128x256xf32, acc>
    %c1 = tile.matmul %l, %r into(%b1 : !tile.buffer<acc, 131072>) : !tile.tile<128x128xf16, left>, !tile.tile<128x256xf16, right> -> !tile.tile<128x256xf32, acc>
    return %c0, %c1 : !tile.tile<128x256xf32, acc>, !tile.tile<128x256xf32, acc>
  }
}

// -----

// Tests that orchestration functions get no addresses.
// CHECK-LABEL: func.func @orchestration
// CHECK-NEXT:    tile.alloc : !tile.buffer<vec, 256>
func.func @orchestration() attributes {tile.orchestration} {
  %b0 = tile.alloc : !tile.buffer<vec, 256>
  return
}

// -----

// Tests that the scratch tile of a transpose and of a row sum (the source's
// 256 bytes) is placed as an item live at its op only, beside what is live
// there: pypto (allocations in program order, then the scratches) over
// %b1's bytes at the transpose, where %b1 is not yet live, and past both
// at the row sum; dsa-rp (by size) beside %b0 (live at both ops), both
// scratches sharing bytes, and %b1 (live at the row sum) past them.
// CHECK-LABEL: func.func @scratch
// PYPTO:      tile.alloc addr = 0 : !tile.buffer<vec, 256>
// PYPTO-NEXT: tile.alloc addr = 256 : !tile.buffer<vec, 32>
// PYPTO-NEXT: tile.transpose {{.*}} {tile.scratch_addr = 256 : i64}
// PYPTO-NEXT: tile.row_sum {{.*}} {tile.scratch_addr = 288 : i64}
// DSA:        tile.alloc addr = 0 : !tile.buffer<vec, 256>
// DSA-NEXT:   tile.alloc addr = 512 : !tile.buffer<vec, 32>
// DSA-NEXT:   tile.transpose {{.*}} {tile.scratch_addr = 256 : i64}
// DSA-NEXT:   tile.row_sum {{.*}} {tile.scratch_addr = 256 : i64}
func.func @scratch(%x: !tile.tile<8x8xf32, vec>) -> !tile.tile<8x1xf32, vec> {
  %b0 = tile.alloc : !tile.buffer<vec, 256>
  %b1 = tile.alloc : !tile.buffer<vec, 32>
  %t = tile.transpose %x into(%b0 : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec> -> !tile.tile<8x8xf32, vec>
  %s = tile.row_sum %t into(%b1 : !tile.buffer<vec, 32>) : !tile.tile<8x8xf32, vec> -> !tile.tile<8x1xf32, vec>
  return %s : !tile.tile<8x1xf32, vec>
}

// -----

// Tests that tile.cmp takes a scratch tile on a5 only, of its source's
// rows x columns in i8 (16x64 bytes; ptoas's A5 pto.tcmp writes the mask
// there), placed beside the source and the mask live at the op: by pypto
// after them, by dsa-rp (by size) before the mask.
// CHECK-LABEL: func.func @cmp_scratch_a5
// CHECK:       tile.alloc addr = 0 : !tile.buffer<vec, 4096>
// PYPTO-NEXT:  tile.alloc addr = 4096 : !tile.buffer<vec, 512>
// PYPTO:       tile.cmp {{.*}} {tile.scratch_addr = 4608 : i64}
// DSA-NEXT:    tile.alloc addr = 5120 : !tile.buffer<vec, 512>
// DSA:         tile.cmp {{.*}} {tile.scratch_addr = 4096 : i64}
// A 16-column one takes copies of its sources 32 columns wide (2 x 2048
// bytes; the destination is the mask itself), one copy when both sources
// are one value, and a 32-column one none.
// CHECK-LABEL: func.func @cmp_scratch_a5_narrow(
// PYPTO:       tile.cmp {{.*}} {tile.scratch_addr = 2560 : i64}
// DSA:         tile.alloc addr = 4096 : !tile.buffer<vec, 1024>
// DSA:         tile.cmp {{.*}} {tile.scratch_addr = 0 : i64}
// CHECK-LABEL: func.func @cmp_scratch_a5_narrow_one_source
// PYPTO:       tile.cmp {{.*}} {tile.scratch_addr = 1536 : i64}
// DSA:         tile.alloc addr = 2048 : !tile.buffer<vec, 1024>
// DSA:         tile.cmp {{.*}} {tile.scratch_addr = 0 : i64}
// CHECK-LABEL: func.func @cmp_no_scratch_a5_32
// CHECK-NOT:   tile.scratch_addr
// CHECK:       return
// CHECK-LABEL: func.func @cmp_no_scratch_a3
// CHECK:       tile.cmp
// CHECK-NOT:   tile.scratch_addr
// CHECK:       return
module attributes {tile.target_arch = "a5"} {
func.func @cmp_scratch_a5(%A: !tile.tensor<16x64xf32>) -> !tile.tile<16x32xi8, vec> {
  %c0 = arith.constant 0 : index
  %b = tile.alloc : !tile.buffer<vec, 4096>
  %m = tile.alloc : !tile.buffer<vec, 512>
  %x = tile.load %A[%c0, %c0] into(%b : !tile.buffer<vec, 4096>) : !tile.tensor<16x64xf32> -> !tile.tile<16x64xf32, vec>
  %k = tile.cmp lt %x, %x into(%m : !tile.buffer<vec, 512>) : !tile.tile<16x64xf32, vec> -> !tile.tile<16x32xi8, vec>
  return %k : !tile.tile<16x32xi8, vec>
}
func.func @cmp_scratch_a5_narrow(%A: !tile.tensor<16x16xf32>, %B: !tile.tensor<16x16xf32>) -> !tile.tile<16x32xi8, vec> {
  %c0 = arith.constant 0 : index
  %b = tile.alloc : !tile.buffer<vec, 1024>
  %d = tile.alloc : !tile.buffer<vec, 1024>
  %m = tile.alloc : !tile.buffer<vec, 512>
  %x = tile.load %A[%c0, %c0] into(%b : !tile.buffer<vec, 1024>) : !tile.tensor<16x16xf32> -> !tile.tile<16x16xf32, vec>
  %y = tile.load %B[%c0, %c0] into(%d : !tile.buffer<vec, 1024>) : !tile.tensor<16x16xf32> -> !tile.tile<16x16xf32, vec>
  %k = tile.cmp lt %x, %y into(%m : !tile.buffer<vec, 512>) : !tile.tile<16x16xf32, vec> -> !tile.tile<16x32xi8, vec>
  return %k : !tile.tile<16x32xi8, vec>
}
func.func @cmp_scratch_a5_narrow_one_source(%A: !tile.tensor<16x16xf32>) -> !tile.tile<16x32xi8, vec> {
  %c0 = arith.constant 0 : index
  %b = tile.alloc : !tile.buffer<vec, 1024>
  %m = tile.alloc : !tile.buffer<vec, 512>
  %x = tile.load %A[%c0, %c0] into(%b : !tile.buffer<vec, 1024>) : !tile.tensor<16x16xf32> -> !tile.tile<16x16xf32, vec>
  %k = tile.cmp lt %x, %x into(%m : !tile.buffer<vec, 512>) : !tile.tile<16x16xf32, vec> -> !tile.tile<16x32xi8, vec>
  return %k : !tile.tile<16x32xi8, vec>
}
func.func @cmp_no_scratch_a5_32(%A: !tile.tensor<16x32xf32>) -> !tile.tile<16x32xi8, vec> {
  %c0 = arith.constant 0 : index
  %b = tile.alloc : !tile.buffer<vec, 2048>
  %m = tile.alloc : !tile.buffer<vec, 512>
  %x = tile.load %A[%c0, %c0] into(%b : !tile.buffer<vec, 2048>) : !tile.tensor<16x32xf32> -> !tile.tile<16x32xf32, vec>
  %k = tile.cmp lt %x, %x into(%m : !tile.buffer<vec, 512>) : !tile.tile<16x32xf32, vec> -> !tile.tile<16x32xi8, vec>
  return %k : !tile.tile<16x32xi8, vec>
}
}

// -----

module attributes {tile.target_arch = "a3"} {
func.func @cmp_no_scratch_a3(%A: !tile.tensor<16x64xf32>) -> !tile.tile<16x32xi8, vec> {
  %c0 = arith.constant 0 : index
  %b = tile.alloc : !tile.buffer<vec, 4096>
  %m = tile.alloc : !tile.buffer<vec, 512>
  %x = tile.load %A[%c0, %c0] into(%b : !tile.buffer<vec, 4096>) : !tile.tensor<16x64xf32> -> !tile.tile<16x64xf32, vec>
  %k = tile.cmp lt %x, %x into(%m : !tile.buffer<vec, 512>) : !tile.tile<16x64xf32, vec> -> !tile.tile<16x32xi8, vec>
  return %k : !tile.tile<16x32xi8, vec>
}
}

// -----

// Tests that scratch tiles of different sizes (a row max of a 16x16 tile,
// 1024 bytes; a row sum of an 8x8 tile) each go beside what is live at
// their op: pypto's row max over %b1's bytes (not yet live), its row sum
// past both allocations; dsa-rp's both at 0, the allocations past them.
// CHECK-LABEL: func.func @scratch_sizes
// PYPTO:      tile.alloc addr = 0 : !tile.buffer<vec, 64>
// PYPTO-NEXT: tile.alloc addr = 64 : !tile.buffer<vec, 32>
// PYPTO-NEXT: tile.row_max {{.*}} {tile.scratch_addr = 64 : i64}
// PYPTO-NEXT: tile.row_sum {{.*}} {tile.scratch_addr = 96 : i64}
// DSA:        tile.row_max {{.*}} {tile.scratch_addr = 0 : i64}
// DSA-NEXT:   tile.row_sum {{.*}} {tile.scratch_addr = 0 : i64}
func.func @scratch_sizes(%x: !tile.tile<16x16xf32, vec>, %y: !tile.tile<8x8xf32, vec>) -> (!tile.tile<16x1xf32, vec>, !tile.tile<8x1xf32, vec>) {
  %b0 = tile.alloc : !tile.buffer<vec, 64>
  %b1 = tile.alloc : !tile.buffer<vec, 32>
  %m = tile.row_max %x into(%b0 : !tile.buffer<vec, 64>) : !tile.tile<16x16xf32, vec> -> !tile.tile<16x1xf32, vec>
  %s = tile.row_sum %y into(%b1 : !tile.buffer<vec, 32>) : !tile.tile<8x8xf32, vec> -> !tile.tile<8x1xf32, vec>
  return %m, %s : !tile.tile<16x1xf32, vec>, !tile.tile<8x1xf32, vec>
}

// -----

// Tests that a scratch tile goes over the bytes of an allocation dead at
// its op (the row max's 64 KiB, over %b0's, whose value died at the add),
// so a kernel whose scratch fits beside what is live fits: a range past
// every allocation (pypto until 2026-12-05) would need [131584, 197120),
// over a3's 188416 bytes of vec.
// CHECK-LABEL: func.func @scratch_over_dead_allocation
// PYPTO:      tile.alloc addr = 0 : !tile.buffer<vec, 65536>
// PYPTO-NEXT: tile.alloc addr = 65536 : !tile.buffer<vec, 65536>
// PYPTO-NEXT: tile.alloc addr = 131072 : !tile.buffer<vec, 512>
// PYPTO:      tile.row_max {{.*}} {tile.scratch_addr = 0 : i64}
// DSA:        tile.alloc addr = 0 : !tile.buffer<vec, 65536>
// DSA-NEXT:   tile.alloc addr = 0 : !tile.buffer<vec, 65536>
// DSA-NEXT:   tile.alloc addr = 131072 : !tile.buffer<vec, 512>
// DSA:        tile.row_max {{.*}} {tile.scratch_addr = 65536 : i64}
func.func @scratch_over_dead_allocation(%x: !tile.tile<128x128xf32, vec>) -> !tile.tile<128x1xf32, vec> {
  %b0 = tile.alloc : !tile.buffer<vec, 65536>
  %b1 = tile.alloc : !tile.buffer<vec, 65536>
  %b2 = tile.alloc : !tile.buffer<vec, 512>
  %a = tile.exp %x into(%b0 : !tile.buffer<vec, 65536>) : !tile.tile<128x128xf32, vec>
  %c = tile.add %a, %a into(%b1 : !tile.buffer<vec, 65536>) : !tile.tile<128x128xf32, vec>
  %m = tile.row_max %c into(%b2 : !tile.buffer<vec, 512>) : !tile.tile<128x128xf32, vec> -> !tile.tile<128x1xf32, vec>
  return %m : !tile.tile<128x1xf32, vec>
}
