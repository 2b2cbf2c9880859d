// RUN: tile-opt %s | tile-opt | FileCheck %s
// RUN: tile-opt %s --mlir-print-op-generic | tile-opt | FileCheck %s
// RUN: tile-opt %s --tile-test-print-storage --mlir-disable-threading 2>&1 | FileCheck %s --check-prefix=STORAGE

// Tests that tile.fillpad round-trips with every pad value, and that its
// result is its operand's storage (a writeback).
// CHECK-LABEL: func.func @fillpad
// CHECK: %[[T:.*]] = tile.full
// CHECK: %[[P:.*]] = tile.fillpad %[[T]] valid [8, 12] pad zero : !tile.tile<16x16xf32, vec>
// CHECK: tile.fillpad %[[P]] valid [16, 1] pad max : !tile.tile<16x16xf32, vec>
// CHECK: tile.fillpad %{{.*}} valid [1, 16] pad min : !tile.tile<16x32xi8, vec>
// STORAGE-LABEL: storage of @fillpad:
// STORAGE: %1: %0[0, 1024]
// STORAGE: %2: %0[0, 1024]
// STORAGE: %3: %0[0, 1024]
func.func @fillpad(%c: !tile.tile<16x32xi8, vec>) {
  %b = tile.alloc : !tile.buffer<vec, 1024>
  %t = tile.full 1.0 into(%b : !tile.buffer<vec, 1024>) : !tile.tile<16x16xf32, vec>
  %p = tile.fillpad %t valid [8, 12] pad zero : !tile.tile<16x16xf32, vec>
  %q = tile.fillpad %p valid [16, 1] pad max : !tile.tile<16x16xf32, vec>
  %r = tile.fillpad %c valid [1, 16] pad min : !tile.tile<16x32xi8, vec>
  return
}
