// RUN: tile-opt %s --tile-init-memref --tile-materialize-semantic-aliases --tile-verify-storage --split-input-file | FileCheck %s --check-prefixes=CHECK,DEFAULT
// RUN: tile-opt %s --tile-init-memref --tile-materialize-semantic-aliases="arch=a5" --tile-verify-storage --split-input-file | FileCheck %s --check-prefixes=CHECK,DEFAULT
// RUN: tile-opt %s --tile-init-memref --tile-materialize-semantic-aliases="selection-slot-percent=100" --tile-verify-storage --split-input-file | FileCheck %s --check-prefixes=CHECK,SELECT
// RUN: tile-opt %s --tile-init-memref --tile-materialize-semantic-aliases="selection-slot-percent=0" --tile-verify-storage --split-input-file | FileCheck %s --check-prefixes=CHECK,COPY

// The price of a logical tile selection against one copy
// (selection-slot-percent): where both deliver an scf.if result, the
// selection holds a second slot of the tile's size while the result lives,
// the copy moves the tile once in the else arm. By default the copy is
// worth 25% of the space's capacity: a 64 KiB vec tile (35% of a3's 184 KiB,
// 26% of a5's 248 KiB) is copied, an 8 KiB one is selected.

// Tests that a 64 KiB vec result is copied into the then value's window by
// default (one move, one slot), and selected from two slots when a copy is
// priced at the whole space.
// CHECK-LABEL: func.func @large_tile_copied
// DEFAULT-NOT:   slots = 2
// DEFAULT:       scf.if
// DEFAULT:       } else {
// DEFAULT-NEXT:    tile.move
// DEFAULT-NEXT:    scf.yield
// SELECT:        tile.alloc : !tile.buffer<vec, 65536, slots = 2>
// SELECT-NOT:    tile.move
// SELECT:        tile.if_exit_barrier
// COPY-NOT:      slots = 2
// COPY:          } else {
// COPY-NEXT:       tile.move
func.func @large_tile_copied(%x: !tile.tile<128x256xf16, vec>, %c: i1, %O: !tile.tensor<128x256xf16>) -> !tile.tensor<128x256xf16> {
  %c0 = arith.constant 0 : index
  %a = tile.exp %x : !tile.tile<128x256xf16, vec>
  %b = tile.mul %x, %x : !tile.tile<128x256xf16, vec>
  %r = scf.if %c -> (!tile.tile<128x256xf16, vec>) {
    scf.yield %a : !tile.tile<128x256xf16, vec>
  } else {
    scf.yield %b : !tile.tile<128x256xf16, vec>
  }
  %o = tile.store %r, %O[%c0, %c0] : !tile.tile<128x256xf16, vec>, !tile.tensor<128x256xf16>
  return %o : !tile.tensor<128x256xf16>
}

// -----

// Tests that an 8 KiB vec result is selected from two slots by default (no
// copy), and copied when every copy is priced at nothing.
// CHECK-LABEL: func.func @small_tile_selected
// DEFAULT:       tile.alloc : !tile.buffer<vec, 8192, slots = 2>
// DEFAULT-NOT:   tile.move
// DEFAULT:       tile.if_exit_barrier
// SELECT:        tile.alloc : !tile.buffer<vec, 8192, slots = 2>
// SELECT-NOT:    tile.move
// COPY-NOT:      slots = 2
// COPY:          } else {
// COPY-NEXT:       tile.move
func.func @small_tile_selected(%x: !tile.tile<32x64xf32, vec>, %c: i1, %O: !tile.tensor<32x64xf32>) -> !tile.tensor<32x64xf32> {
  %c0 = arith.constant 0 : index
  %a = tile.exp %x : !tile.tile<32x64xf32, vec>
  %b = tile.mul %x, %x : !tile.tile<32x64xf32, vec>
  %r = scf.if %c -> (!tile.tile<32x64xf32, vec>) {
    scf.yield %a : !tile.tile<32x64xf32, vec>
  } else {
    scf.yield %b : !tile.tile<32x64xf32, vec>
  }
  %o = tile.store %r, %O[%c0, %c0] : !tile.tile<32x64xf32, vec>, !tile.tensor<32x64xf32>
  return %o : !tile.tensor<32x64xf32>
}

// -----

// Tests that a 64 KiB vec result whose then value is still read after the if
// is selected at any price: the else arm's copy would overwrite it, so the
// alternative is a fresh tile and two copies, which costs a slot as well.
// CHECK-LABEL: func.func @large_tile_still_read
// CHECK:         tile.alloc : !tile.buffer<vec, 65536, slots = 2>
// CHECK-NOT:     tile.move
// CHECK:         tile.if_exit_barrier
func.func @large_tile_still_read(%x: !tile.tile<128x256xf16, vec>, %c: i1, %O: !tile.tensor<256x256xf16>) -> !tile.tensor<256x256xf16> {
  %c0 = arith.constant 0 : index
  %c128 = arith.constant 128 : index
  %a = tile.exp %x : !tile.tile<128x256xf16, vec>
  %b = tile.mul %x, %x : !tile.tile<128x256xf16, vec>
  %r = scf.if %c -> (!tile.tile<128x256xf16, vec>) {
    scf.yield %a : !tile.tile<128x256xf16, vec>
  } else {
    scf.yield %b : !tile.tile<128x256xf16, vec>
  }
  %o1 = tile.store %r, %O[%c0, %c0] : !tile.tile<128x256xf16, vec>, !tile.tensor<256x256xf16>
  %o2 = tile.store %a, %o1[%c128, %c0] : !tile.tile<128x256xf16, vec>, !tile.tensor<256x256xf16>
  return %o2 : !tile.tensor<256x256xf16>
}

// -----

// Tests that an acc result, which has no same-space copy, is selected at any
// price.
// CHECK-LABEL: func.func @acc_always_selected
// CHECK:         tile.alloc : !tile.buffer<acc, 65536, slots = 2>
// CHECK-NOT:     tile.move
// CHECK:         tile.if_exit_barrier
func.func @acc_always_selected(%l: !tile.tile<128x64xf16, left>, %r: !tile.tile<64x128xf16, right>, %c: i1) -> (!tile.tile<128x128xf32, acc>, !tile.tile<128x128xf32, acc>, !tile.tile<128x128xf32, acc>) {
  %a = tile.matmul %l, %r : !tile.tile<128x64xf16, left>, !tile.tile<64x128xf16, right> -> !tile.tile<128x128xf32, acc>
  %b = tile.matmul %l, %r : !tile.tile<128x64xf16, left>, !tile.tile<64x128xf16, right> -> !tile.tile<128x128xf32, acc>
  %p = scf.if %c -> (!tile.tile<128x128xf32, acc>) {
    scf.yield %a : !tile.tile<128x128xf32, acc>
  } else {
    scf.yield %b : !tile.tile<128x128xf32, acc>
  }
  return %p, %a, %b : !tile.tile<128x128xf32, acc>, !tile.tile<128x128xf32, acc>, !tile.tile<128x128xf32, acc>
}
