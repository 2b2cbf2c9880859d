// RUN: tile-opt %s --tile-init-memref=erase-dead-code=false --split-input-file | FileCheck %s
// RUN: tile-opt %s --tile-init-memref=erase-dead-code=false --tile-init-memref=erase-dead-code=false --split-input-file | FileCheck %s --check-prefix=IDEMPOTENT
// RUN: not tile-opt %s --tile-init-memref=erase-dead-code=false --tile-verify-storage --split-input-file -o /dev/null 2>&1 | FileCheck %s --check-prefix=VERIFY

// Tests that every allocating producer gets its own allocation, sized from its
// tile, hoisted to the entry block in producer order.
// CHECK-LABEL: func.func @one_alloc_per_producer
// CHECK-NEXT:    %[[B0:.*]] = tile.alloc : !tile.buffer<vec, 16384>
// CHECK-NEXT:    %[[B1:.*]] = tile.alloc : !tile.buffer<vec, 256>
// CHECK-NEXT:    %[[E:.*]] = tile.exp %{{.*}} into(%[[B0]] : !tile.buffer<vec, 16384>) : !tile.tile<64x64xf32, vec>
// CHECK-NEXT:    %[[S:.*]] = tile.row_sum %[[E]] into(%[[B1]] : !tile.buffer<vec, 256>)
// CHECK-NEXT:    return %[[S]]
func.func @one_alloc_per_producer(%a: !tile.tile<64x64xf32, vec>) -> !tile.tile<64x1xf32, vec> {
  %e = tile.exp %a : !tile.tile<64x64xf32, vec>
  %s = tile.row_sum %e : !tile.tile<64x64xf32, vec> -> !tile.tile<64x1xf32, vec>
  return %s : !tile.tile<64x1xf32, vec>
}
// IDEMPOTENT-LABEL: func.func @one_alloc_per_producer
// IDEMPOTENT-COUNT-2: tile.alloc
// IDEMPOTENT-NEXT: tile.exp

// -----

// Tests that sizes follow element type and that each space gets its own
// buffer kind.
// CHECK-LABEL: func.func @sizes_and_spaces
// CHECK-DAG:     tile.alloc : !tile.buffer<mat, 8192>
// CHECK-DAG:     tile.alloc : !tile.buffer<left, 2048>
// CHECK-DAG:     tile.alloc : !tile.buffer<right, 2048>
// CHECK-DAG:     tile.alloc : !tile.buffer<acc, 4096>
// CHECK-DAG:     tile.alloc : !tile.buffer<mat, 2048>
func.func @sizes_and_spaces(%A: !tile.tensor<64x64xf16>, %i: index) -> !tile.tile<32x32xf16, mat> {
  %m = tile.load %A[%i, %i] : !tile.tensor<64x64xf16> -> !tile.tile<64x64xf16, mat>
  %l = tile.extract %m[0, 0] : !tile.tile<64x64xf16, mat> -> !tile.tile<32x32xf16, left>
  %r = tile.extract %m[0, 32] : !tile.tile<64x64xf16, mat> -> !tile.tile<32x32xf16, right>
  %c = tile.matmul %l, %r : !tile.tile<32x32xf16, left>, !tile.tile<32x32xf16, right> -> !tile.tile<32x32xf32, acc>
  %o = tile.extract %c[0, 0] : !tile.tile<32x32xf32, acc> -> !tile.tile<32x32xf16, mat>
  return %o : !tile.tile<32x32xf16, mat>
}

// -----

// Tests that views, writebacks and loop carries get no allocation: their
// storage derives from their operands. Producers nested in loops and branches
// are hoisted to the entry.
// CHECK-LABEL: func.func @derived_values_need_no_alloc
// CHECK-COUNT-3: tile.alloc
// CHECK-NOT:     tile.alloc
// CHECK:         scf.for
// CHECK:           tile.matmul_acc
// CHECK:           tile.reshape
// CHECK:           scf.if
// VERIFY: error: result #0: the else arm yields %{{.*}} in %{{.*}}[0, 1024] but the result lives in %{{.*}}[0, 1024]
func.func @derived_values_need_no_alloc(%l: !tile.tile<16x16xf16, left>, %r: !tile.tile<16x16xf16, right>,
                                       %n: index, %c: i1) -> !tile.tile<16x16xf32, acc> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %init = tile.matmul %l, %r : !tile.tile<16x16xf16, left>, !tile.tile<16x16xf16, right> -> !tile.tile<16x16xf32, acc>
  %res = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %init) -> (!tile.tile<16x16xf32, acc>) {
    %next = tile.matmul_acc %acc, %l, %r : !tile.tile<16x16xf32, acc>, !tile.tile<16x16xf16, left>, !tile.tile<16x16xf16, right>
    %v = tile.reshape %next : !tile.tile<16x16xf32, acc> -> !tile.tile<8x32xf32, acc>
    %w = tile.reshape %v : !tile.tile<8x32xf32, acc> -> !tile.tile<16x16xf32, acc>
    %sel = scf.if %c -> (!tile.tile<16x16xf32, acc>) {
      %fresh = tile.matmul %l, %r : !tile.tile<16x16xf16, left>, !tile.tile<16x16xf16, right> -> !tile.tile<16x16xf32, acc>
      scf.yield %fresh : !tile.tile<16x16xf32, acc>
    } else {
      %other = tile.matmul %l, %r : !tile.tile<16x16xf16, left>, !tile.tile<16x16xf16, right> -> !tile.tile<16x16xf32, acc>
      scf.yield %other : !tile.tile<16x16xf32, acc>
    }
    scf.yield %w : !tile.tile<16x16xf32, acc>
  }
  return %res : !tile.tile<16x16xf32, acc>
}

// -----

// Tests that producers that already name a destination keep it.
// CHECK-LABEL: func.func @explicit_destination_kept
// CHECK-NEXT:    %[[NEW:.*]] = tile.alloc : !tile.buffer<vec, 1024>
// CHECK-NEXT:    %[[MINE:.*]] = tile.alloc pinned : !tile.buffer<vec, 4096, slots = 2>
// CHECK-NEXT:    tile.full 1.000000e+00 into(%[[MINE]][1024, 1024] slot 1 : !tile.buffer<vec, 4096, slots = 2>)
// CHECK-NEXT:    tile.full 2.000000e+00 into(%[[NEW]] : !tile.buffer<vec, 1024>)
func.func @explicit_destination_kept() -> (!tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>) {
  %mine = tile.alloc pinned : !tile.buffer<vec, 4096, slots = 2>
  %a = tile.full 1.0 into(%mine[1024, 1024] slot 1 : !tile.buffer<vec, 4096, slots = 2>) : !tile.tile<16x16xf32, vec>
  %b = tile.full 2.0 : !tile.tile<16x16xf32, vec>
  return %a, %b : !tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>
}

// -----

// Tests that orchestration functions are skipped.
// CHECK-LABEL: func.func @orchestration
// CHECK-NOT:     tile.alloc
// CHECK:         tile.exp %{{.*}} : !tile.tile<8x8xf32, vec>
func.func @orchestration(%a: !tile.tile<8x8xf32, vec>) -> !tile.tile<8x8xf32, vec> attributes {tile.orchestration} {
  %e = tile.exp %a : !tile.tile<8x8xf32, vec>
  return %e : !tile.tile<8x8xf32, vec>
}

// -----

// Tests that InitMemRef alone leaves a loop-carried accumulator unaligned:
// the yielded producer has its own allocation, which the storage verifier
// reports (closing that gap is MaterializeSemanticAliases' job).
// CHECK-LABEL: func.func @carry_not_aligned
// CHECK:         %[[CARRY:.*]] = tile.alloc : !tile.buffer<vec, 16384>
// CHECK:         %[[NEXT:.*]] = tile.alloc : !tile.buffer<vec, 16384>
// CHECK:         tile.full 0.000000e+00 into(%[[CARRY]]
// CHECK:         tile.add %{{.*}}, %{{.*}} into(%[[NEXT]]
// VERIFY: error: carry #0: yielded value %{{.*}} lives in %{{.*}}[0, 16384] but the carry lives in %{{.*}}[0, 16384]
func.func @carry_not_aligned(%x: !tile.tile<64x64xf32, vec>, %n: index) -> !tile.tile<64x64xf32, vec> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = tile.full 0.0 : !tile.tile<64x64xf32, vec>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (!tile.tile<64x64xf32, vec>) {
    %next = tile.add %acc, %x : !tile.tile<64x64xf32, vec>
    scf.yield %next : !tile.tile<64x64xf32, vec>
  }
  return %r : !tile.tile<64x64xf32, vec>
}

// -----

// Tests that a one-row tile of a space that boxes its tiles gets a whole
// fractal box of rows: pto-isa places a 1x32 f16 left tile's columns 16..31
// in its second 16x16 box, 512 bytes on (1,024 bytes, not 64), and a 1x16
// f32 acc tile fills a 16x16 box; a vec row keeps its 64 bytes. Planners
// that packed such tiles 64 bytes apart overwrote one with the next
// (found by an independently written generator).
// CHECK-LABEL: func.func @one_row_boxed_tiles
// CHECK:         tile.alloc : !tile.buffer<mat, 1024>
// CHECK:         tile.alloc : !tile.buffer<left, 1024>
// CHECK:         tile.alloc : !tile.buffer<right, 1024>
// CHECK:         tile.alloc : !tile.buffer<acc, 1024>
// CHECK:         tile.alloc : !tile.buffer<vec, 64>
module attributes {tile.target_arch = "a3"} {
func.func @one_row_boxed_tiles(%A: !tile.tensor<16x32xf16>, %B: !tile.tensor<32x16xf16>) -> (!tile.tile<1x16xf32, acc>, !tile.tile<1x32xf16, vec>) {
  %c0 = arith.constant 0 : index
  %a = tile.load %A[%c0, %c0] : !tile.tensor<16x32xf16> -> !tile.tile<1x32xf16, mat>
  %l = tile.move %a : !tile.tile<1x32xf16, mat> -> !tile.tile<1x32xf16, left>
  %bm = tile.load %B[%c0, %c0] : !tile.tensor<32x16xf16> -> !tile.tile<32x16xf16, mat>
  %r = tile.move %bm : !tile.tile<32x16xf16, mat> -> !tile.tile<32x16xf16, right>
  %c = tile.matmul %l, %r : !tile.tile<1x32xf16, left>, !tile.tile<32x16xf16, right> -> !tile.tile<1x16xf32, acc>
  %v = tile.load %A[%c0, %c0] : !tile.tensor<16x32xf16> -> !tile.tile<1x32xf16, vec>
  return %c, %v : !tile.tile<1x16xf32, acc>, !tile.tile<1x32xf16, vec>
}
}
