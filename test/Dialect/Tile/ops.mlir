// RUN: tile-opt %s | tile-opt | FileCheck %s
// RUN: tile-opt %s --mlir-print-op-generic | tile-opt | FileCheck %s

// Round trip of every type and every op of the tile dialect, in every syntax
// variant. Both RUN lines must print the same custom form.

//===----------------------------------------------------------------------===//
// Types
//===----------------------------------------------------------------------===//

// Tests that tiles of every element type (f16, bf16, f32, i8, i16, i32) round-trip.
// CHECK-LABEL: func.func @tile_element_types
// CHECK-SAME: !tile.tile<16x32xf16, vec>
// CHECK-SAME: !tile.tile<16x32xbf16, vec>
// CHECK-SAME: !tile.tile<16x32xf32, vec>
// CHECK-SAME: !tile.tile<16x32xi8, vec>
// CHECK-SAME: !tile.tile<16x32xi16, vec>
// CHECK-SAME: !tile.tile<16x32xi32, vec>
func.func @tile_element_types(%a: !tile.tile<16x32xf16, vec>,
                              %b: !tile.tile<16x32xbf16, vec>,
                              %c: !tile.tile<16x32xf32, vec>,
                              %d: !tile.tile<16x32xi8, vec>,
                              %e: !tile.tile<16x32xi16, vec>,
                              %f: !tile.tile<16x32xi32, vec>) {
  return
}

// Tests that tiles in every memory space round-trip.
// CHECK-LABEL: func.func @tile_spaces
// CHECK-SAME: !tile.tile<64x64xf32, vec>
// CHECK-SAME: !tile.tile<64x64xf16, mat>
// CHECK-SAME: !tile.tile<64x32xf16, left>
// CHECK-SAME: !tile.tile<32x64xf16, right>
// CHECK-SAME: !tile.tile<64x64xf32, acc>
// CHECK-SAME: !tile.tile<1x64xf32, bias>
func.func @tile_spaces(%a: !tile.tile<64x64xf32, vec>,
                       %b: !tile.tile<64x64xf16, mat>,
                       %c: !tile.tile<64x32xf16, left>,
                       %d: !tile.tile<32x64xf16, right>,
                       %e: !tile.tile<64x64xf32, acc>,
                       %f: !tile.tile<1x64xf32, bias>) {
  return
}

// Tests that global tensors of every element type round-trip.
// CHECK-LABEL: func.func @tensor_types
// CHECK-SAME: !tile.tensor<256x64xf16>
// CHECK-SAME: !tile.tensor<256x64xbf16>
// CHECK-SAME: !tile.tensor<256x64xf32>
// CHECK-SAME: !tile.tensor<1x1xi8>
// CHECK-SAME: !tile.tensor<1024x8xi16>
// CHECK-SAME: !tile.tensor<7x3xi32>
func.func @tensor_types(%a: !tile.tensor<256x64xf16>,
                        %b: !tile.tensor<256x64xbf16>,
                        %c: !tile.tensor<256x64xf32>,
                        %d: !tile.tensor<1x1xi8>,
                        %e: !tile.tensor<1024x8xi16>,
                        %f: !tile.tensor<7x3xi32>) {
  return
}

// Tests that buffers in every space round-trip, with `slots = N` printed only when N != 1.
// CHECK-LABEL: func.func @buffer_types
// CHECK-SAME: !tile.buffer<vec, 16384>
// CHECK-SAME: !tile.buffer<mat, 32768, slots = 2>
// CHECK-SAME: !tile.buffer<left, 4096, slots = 4>
// CHECK-SAME: !tile.buffer<right, 4096>
// CHECK-SAME: !tile.buffer<acc, 65536, slots = 2>
// CHECK-SAME: !tile.buffer<bias, 1>
// CHECK-SAME: !tile.buffer<vec, 64>)
func.func @buffer_types(%a: !tile.buffer<vec, 16384>,
                        %b: !tile.buffer<mat, 32768, slots = 2>,
                        %c: !tile.buffer<left, 4096, slots = 4>,
                        %d: !tile.buffer<right, 4096>,
                        %e: !tile.buffer<acc, 65536, slots = 2>,
                        %f: !tile.buffer<bias, 1>,
                        %g: !tile.buffer<vec, 64, slots = 1>) {
  return
}

// Tests that a buffer of exactly 2^50 bytes in total (size * slots, the
// bytes of the largest tile) is accepted.
// CHECK-LABEL: func.func @buffer_at_the_limit
// CHECK-SAME: !tile.buffer<vec, 1125899906842624>
// CHECK-SAME: !tile.buffer<vec, 562949953421312, slots = 2>
func.func @buffer_at_the_limit(%a: !tile.buffer<vec, 1125899906842624>,
                               %b: !tile.buffer<vec, 562949953421312, slots = 2>) {
  return
}

//===----------------------------------------------------------------------===//
// tile.alloc
//===----------------------------------------------------------------------===//

// Tests that tile.alloc round-trips bare, with `addr = N`, `pinned`, both, and an attribute dict.
// CHECK-LABEL: func.func @alloc
// CHECK: tile.alloc : !tile.buffer<vec, 16384>
// CHECK: tile.alloc addr = 4096 : !tile.buffer<mat, 32768>
// CHECK: tile.alloc pinned : !tile.buffer<left, 8192>
// CHECK: tile.alloc addr = 0 pinned : !tile.buffer<acc, 65536, slots = 2>
// CHECK: tile.alloc {note = "kept"} : !tile.buffer<bias, 256, slots = 3>
func.func @alloc() {
  %0 = tile.alloc : !tile.buffer<vec, 16384>
  %1 = tile.alloc addr = 4096 : !tile.buffer<mat, 32768>
  %2 = tile.alloc pinned : !tile.buffer<left, 8192>
  %3 = tile.alloc addr = 0 pinned : !tile.buffer<acc, 65536, slots = 2>
  %4 = tile.alloc {note = "kept"} : !tile.buffer<bias, 256, slots = 3>
  return
}

//===----------------------------------------------------------------------===//
// The destination clause
//===----------------------------------------------------------------------===//

// Tests that every form of the destination clause round-trips on tile.load.
// CHECK-LABEL: func.func @destination_forms
// CHECK-SAME: (%[[A:.*]]: !tile.tensor<256x64xf32>, %[[I:.*]]: index)
// CHECK: %[[B:.*]] = tile.alloc : !tile.buffer<vec, 16384>
// CHECK: %[[S:.*]] = tile.alloc : !tile.buffer<vec, 32768, slots = 2>
// CHECK: tile.load %[[A]][%[[I]], %[[I]]] : !tile.tensor<256x64xf32> -> !tile.tile<64x64xf32, vec>
// CHECK: tile.load %[[A]][%[[I]], %[[I]]] into(%[[B]] : !tile.buffer<vec, 16384>) : !tile.tensor<256x64xf32> -> !tile.tile<64x64xf32, vec>
// CHECK: tile.load %[[A]][%[[I]], %[[I]]] into(%[[S]][16384, 8192] : !tile.buffer<vec, 32768, slots = 2>) : !tile.tensor<256x64xf32> -> !tile.tile<32x64xf32, vec>
// CHECK: tile.load %[[A]][%[[I]], %[[I]]] into(%[[S]] slot %[[I]] : !tile.buffer<vec, 32768, slots = 2>) : !tile.tensor<256x64xf32> -> !tile.tile<64x64xf32, vec>
// CHECK: tile.load %[[A]][%[[I]], %[[I]]] into(%[[S]] slot 1 : !tile.buffer<vec, 32768, slots = 2>) : !tile.tensor<256x64xf32> -> !tile.tile<64x64xf32, vec>
// CHECK: tile.load %[[A]][%[[I]], %[[I]]] into(%[[S]][8192, 8192] slot %[[I]] : !tile.buffer<vec, 32768, slots = 2>) : !tile.tensor<256x64xf32> -> !tile.tile<32x64xf32, vec>
// CHECK: tile.load %[[A]][%[[I]], %[[I]]] into(%[[S]][24576, 8192] slot 0 : !tile.buffer<vec, 32768, slots = 2>) : !tile.tensor<256x64xf32> -> !tile.tile<32x64xf32, vec>
func.func @destination_forms(%A: !tile.tensor<256x64xf32>, %i: index) {
  %b = tile.alloc : !tile.buffer<vec, 16384>
  %s = tile.alloc : !tile.buffer<vec, 32768, slots = 2>
  %0 = tile.load %A[%i, %i] : !tile.tensor<256x64xf32> -> !tile.tile<64x64xf32, vec>
  %1 = tile.load %A[%i, %i] into(%b : !tile.buffer<vec, 16384>) : !tile.tensor<256x64xf32> -> !tile.tile<64x64xf32, vec>
  %2 = tile.load %A[%i, %i] into(%s[16384, 8192] : !tile.buffer<vec, 32768, slots = 2>) : !tile.tensor<256x64xf32> -> !tile.tile<32x64xf32, vec>
  %3 = tile.load %A[%i, %i] into(%s slot %i : !tile.buffer<vec, 32768, slots = 2>) : !tile.tensor<256x64xf32> -> !tile.tile<64x64xf32, vec>
  %4 = tile.load %A[%i, %i] into(%s slot 1 : !tile.buffer<vec, 32768, slots = 2>) : !tile.tensor<256x64xf32> -> !tile.tile<64x64xf32, vec>
  %5 = tile.load %A[%i, %i] into(%s[8192, 8192] slot %i : !tile.buffer<vec, 32768, slots = 2>) : !tile.tensor<256x64xf32> -> !tile.tile<32x64xf32, vec>
  %6 = tile.load %A[%i, %i] into(%s[24576, 8192] slot 0 : !tile.buffer<vec, 32768, slots = 2>) : !tile.tensor<256x64xf32> -> !tile.tile<32x64xf32, vec>
  return
}

// Tests that constant load/store offsets whose block ends exactly at the
// tensor's last row or column are accepted (the bounds are inclusive of the
// end), and that a dynamic offset is never checked.
// CHECK-LABEL: func.func @constant_offsets_at_the_end
// CHECK: tile.load %{{.*}}[%{{.*}}, %{{.*}}] : !tile.tensor<256x64xf32> -> !tile.tile<64x32xf32, vec>
// CHECK: tile.store %{{.*}}, %{{.*}}[%{{.*}}, %{{.*}}] : !tile.tile<64x32xf32, vec>, !tile.tensor<256x64xf32>
// CHECK: tile.load %{{.*}}[%{{.*}}, %{{.*}}] : !tile.tensor<256x64xf32> -> !tile.tile<64x32xf32, vec>
func.func @constant_offsets_at_the_end(%A: !tile.tensor<256x64xf32>, %i: index) -> !tile.tensor<256x64xf32> {
  %c192 = arith.constant 192 : index
  %c32 = arith.constant 32 : index
  %t = tile.load %A[%c192, %c32] : !tile.tensor<256x64xf32> -> !tile.tile<64x32xf32, vec>
  %B = tile.store %t, %A[%c192, %c32] : !tile.tile<64x32xf32, vec>, !tile.tensor<256x64xf32>
  %u = tile.load %B[%i, %i] : !tile.tensor<256x64xf32> -> !tile.tile<64x32xf32, vec>
  return %B : !tile.tensor<256x64xf32>
}

// Tests that a window ending exactly at the end of its buffer is accepted.
// CHECK-LABEL: func.func @destination_window_at_end
// CHECK: %[[B:.*]] = tile.alloc : !tile.buffer<vec, 20480>
// CHECK: tile.full 0.000000e+00 into(%[[B]][4096, 16384] : !tile.buffer<vec, 20480>) : !tile.tile<64x64xf32, vec>
func.func @destination_window_at_end() {
  %b = tile.alloc : !tile.buffer<vec, 20480>
  %0 = tile.full 0.0 into(%b[4096, 16384] : !tile.buffer<vec, 20480>) : !tile.tile<64x64xf32, vec>
  return
}

//===----------------------------------------------------------------------===//
// Data movement
//===----------------------------------------------------------------------===//

// Tests that tile.load round-trips into vec and mat for every element type.
// CHECK-LABEL: func.func @load(
// CHECK: tile.load %{{.*}}[%{{.*}}, %{{.*}}] : !tile.tensor<64x64xf16> -> !tile.tile<64x64xf16, mat>
// CHECK: tile.load %{{.*}}[%{{.*}}, %{{.*}}] : !tile.tensor<64x64xbf16> -> !tile.tile<32x64xbf16, mat>
// CHECK: tile.load %{{.*}}[%{{.*}}, %{{.*}}] : !tile.tensor<64x64xf32> -> !tile.tile<64x64xf32, vec>
// CHECK: tile.load %{{.*}}[%{{.*}}, %{{.*}}] : !tile.tensor<64x64xi8> -> !tile.tile<64x64xi8, mat>
// CHECK: tile.load %{{.*}}[%{{.*}}, %{{.*}}] : !tile.tensor<64x64xi16> -> !tile.tile<64x16xi16, vec>
// CHECK: tile.load %{{.*}}[%{{.*}}, %{{.*}}] : !tile.tensor<64x64xi32> -> !tile.tile<64x64xi32, vec>
func.func @load(%a: !tile.tensor<64x64xf16>, %b: !tile.tensor<64x64xbf16>,
                %c: !tile.tensor<64x64xf32>, %d: !tile.tensor<64x64xi8>,
                %e: !tile.tensor<64x64xi16>, %f: !tile.tensor<64x64xi32>,
                %i: index) {
  %0 = tile.load %a[%i, %i] : !tile.tensor<64x64xf16> -> !tile.tile<64x64xf16, mat>
  %1 = tile.load %b[%i, %i] : !tile.tensor<64x64xbf16> -> !tile.tile<32x64xbf16, mat>
  %2 = tile.load %c[%i, %i] : !tile.tensor<64x64xf32> -> !tile.tile<64x64xf32, vec>
  %3 = tile.load %d[%i, %i] : !tile.tensor<64x64xi8> -> !tile.tile<64x64xi8, mat>
  %4 = tile.load %e[%i, %i] : !tile.tensor<64x64xi16> -> !tile.tile<64x16xi16, vec>
  %5 = tile.load %f[%i, %i] : !tile.tensor<64x64xi32> -> !tile.tile<64x64xi32, vec>
  return
}

// Tests that tile.store round-trips from vec and acc, chaining the returned tensors.
// CHECK-LABEL: func.func @store
// CHECK-SAME: (%[[T:.*]]: !tile.tensor<256x64xf32>, %[[V:.*]]: !tile.tile<64x64xf32, vec>, %[[C:.*]]: !tile.tile<64x64xf32, acc>, %[[I:.*]]: index, %[[J:.*]]: index)
// CHECK: %[[T1:.*]] = tile.store %[[V]], %[[T]][%[[I]], %[[J]]] : !tile.tile<64x64xf32, vec>, !tile.tensor<256x64xf32>
// CHECK: %[[T2:.*]] = tile.store %[[C]], %[[T1]][%[[J]], %[[I]]] : !tile.tile<64x64xf32, acc>, !tile.tensor<256x64xf32>
// CHECK: return %[[T2]] : !tile.tensor<256x64xf32>
func.func @store(%t: !tile.tensor<256x64xf32>, %v: !tile.tile<64x64xf32, vec>,
                 %c: !tile.tile<64x64xf32, acc>, %i: index, %j: index)
    -> !tile.tensor<256x64xf32> {
  %t1 = tile.store %v, %t[%i, %j] : !tile.tile<64x64xf32, vec>, !tile.tensor<256x64xf32>
  %t2 = tile.store %c, %t1[%j, %i] : !tile.tile<64x64xf32, acc>, !tile.tensor<256x64xf32>
  return %t2 : !tile.tensor<256x64xf32>
}

// Tests that every tile.move pair is accepted without tile.target_arch (a5-only ones too).
// CHECK-LABEL: func.func @move(
// CHECK: tile.move %{{.*}} : !tile.tile<64x64xf32, vec> -> !tile.tile<64x64xf32, vec>
// CHECK: tile.move %{{.*}} : !tile.tile<64x64xf16, mat> -> !tile.tile<64x64xf16, left>
// CHECK: tile.move %{{.*}} : !tile.tile<64x64xf16, mat> -> !tile.tile<64x64xf16, right>
// CHECK: tile.move %{{.*}} : !tile.tile<64x64xf16, mat> -> !tile.tile<64x64xf16, bias>
// CHECK: tile.move %{{.*}} : !tile.tile<64x64xf32, acc> -> !tile.tile<64x64xf32, mat>
// CHECK: tile.move %{{.*}} : !tile.tile<64x64xf32, acc> -> !tile.tile<64x64xf16, mat>
// CHECK: tile.move %{{.*}} : !tile.tile<64x64xf32, vec> -> !tile.tile<64x64xf32, mat>
// CHECK: tile.move %{{.*}} : !tile.tile<64x64xf32, acc> -> !tile.tile<64x64xf32, vec>
func.func @move(%v: !tile.tile<64x64xf32, vec>, %m: !tile.tile<64x64xf16, mat>,
                %c: !tile.tile<64x64xf32, acc>) {
  %0 = tile.move %v : !tile.tile<64x64xf32, vec> -> !tile.tile<64x64xf32, vec>
  %1 = tile.move %m : !tile.tile<64x64xf16, mat> -> !tile.tile<64x64xf16, left>
  %2 = tile.move %m : !tile.tile<64x64xf16, mat> -> !tile.tile<64x64xf16, right>
  %3 = tile.move %m : !tile.tile<64x64xf16, mat> -> !tile.tile<64x64xf16, bias>
  %4 = tile.move %c : !tile.tile<64x64xf32, acc> -> !tile.tile<64x64xf32, mat>
  %5 = tile.move %c : !tile.tile<64x64xf32, acc> -> !tile.tile<64x64xf16, mat>
  %6 = tile.move %v : !tile.tile<64x64xf32, vec> -> !tile.tile<64x64xf32, mat>
  %7 = tile.move %c : !tile.tile<64x64xf32, acc> -> !tile.tile<64x64xf32, vec>
  return
}

// Tests that tile.move round-trips with every destination form.
// CHECK-LABEL: func.func @move_destinations
// CHECK-SAME: (%[[V:.*]]: !tile.tile<64x64xf32, vec>, %[[I:.*]]: index)
// CHECK: %[[B:.*]] = tile.alloc : !tile.buffer<vec, 32768, slots = 2>
// CHECK: tile.move %[[V]] into(%[[B]] : !tile.buffer<vec, 32768, slots = 2>) : !tile.tile<64x64xf32, vec> -> !tile.tile<64x64xf32, vec>
// CHECK: tile.move %[[V]] into(%[[B]][16384, 16384] : !tile.buffer<vec, 32768, slots = 2>) : !tile.tile<64x64xf32, vec> -> !tile.tile<64x64xf32, vec>
// CHECK: tile.move %[[V]] into(%[[B]] slot %[[I]] : !tile.buffer<vec, 32768, slots = 2>) : !tile.tile<64x64xf32, vec> -> !tile.tile<64x64xf32, vec>
// CHECK: tile.move %[[V]] into(%[[B]] slot 1 : !tile.buffer<vec, 32768, slots = 2>) : !tile.tile<64x64xf32, vec> -> !tile.tile<64x64xf32, vec>
// CHECK: tile.move %[[V]] into(%[[B]][16384, 16384] slot %[[I]] : !tile.buffer<vec, 32768, slots = 2>) : !tile.tile<64x64xf32, vec> -> !tile.tile<64x64xf32, vec>
func.func @move_destinations(%v: !tile.tile<64x64xf32, vec>, %i: index) {
  %b = tile.alloc : !tile.buffer<vec, 32768, slots = 2>
  %0 = tile.move %v into(%b : !tile.buffer<vec, 32768, slots = 2>) : !tile.tile<64x64xf32, vec> -> !tile.tile<64x64xf32, vec>
  %1 = tile.move %v into(%b[16384, 16384] : !tile.buffer<vec, 32768, slots = 2>) : !tile.tile<64x64xf32, vec> -> !tile.tile<64x64xf32, vec>
  %2 = tile.move %v into(%b slot %i : !tile.buffer<vec, 32768, slots = 2>) : !tile.tile<64x64xf32, vec> -> !tile.tile<64x64xf32, vec>
  %3 = tile.move %v into(%b slot 1 : !tile.buffer<vec, 32768, slots = 2>) : !tile.tile<64x64xf32, vec> -> !tile.tile<64x64xf32, vec>
  %4 = tile.move %v into(%b[16384, 16384] slot %i : !tile.buffer<vec, 32768, slots = 2>) : !tile.tile<64x64xf32, vec> -> !tile.tile<64x64xf32, vec>
  return
}

// Tests that the a5-only copies (vec->mat, acc->vec) are accepted in an a5 module.
// CHECK: module attributes {tile.target_arch = "a5"}
// CHECK-LABEL: func.func @move_a5
// CHECK: tile.move %{{.*}} : !tile.tile<64x64xf32, vec> -> !tile.tile<64x64xf32, mat>
// CHECK: tile.move %{{.*}} : !tile.tile<64x64xf32, acc> -> !tile.tile<64x64xf32, vec>
module attributes {tile.target_arch = "a5"} {
  func.func @move_a5(%v: !tile.tile<64x64xf32, vec>, %c: !tile.tile<64x64xf32, acc>) {
    %0 = tile.move %v : !tile.tile<64x64xf32, vec> -> !tile.tile<64x64xf32, mat>
    %1 = tile.move %c : !tile.tile<64x64xf32, acc> -> !tile.tile<64x64xf32, vec>
    return
  }
}

// Tests that the copies legal on every target are accepted in an a3 module.
// CHECK: module attributes {tile.target_arch = "a3"}
// CHECK-LABEL: func.func @move_a3
// CHECK: tile.move %{{.*}} : !tile.tile<64x64xf32, vec> -> !tile.tile<64x64xf32, vec>
// CHECK: tile.move %{{.*}} : !tile.tile<64x64xf16, mat> -> !tile.tile<64x64xf16, left>
// CHECK: tile.move %{{.*}} : !tile.tile<64x64xf16, mat> -> !tile.tile<64x64xf16, right>
// CHECK: tile.move %{{.*}} : !tile.tile<64x64xf16, mat> -> !tile.tile<64x64xf16, bias>
// CHECK: tile.move %{{.*}} : !tile.tile<64x64xf32, acc> -> !tile.tile<64x64xf32, mat>
module attributes {tile.target_arch = "a3"} {
  func.func @move_a3(%v: !tile.tile<64x64xf32, vec>, %m: !tile.tile<64x64xf16, mat>,
                     %c: !tile.tile<64x64xf32, acc>) {
    %0 = tile.move %v : !tile.tile<64x64xf32, vec> -> !tile.tile<64x64xf32, vec>
    %1 = tile.move %m : !tile.tile<64x64xf16, mat> -> !tile.tile<64x64xf16, left>
    %2 = tile.move %m : !tile.tile<64x64xf16, mat> -> !tile.tile<64x64xf16, right>
    %3 = tile.move %m : !tile.tile<64x64xf16, mat> -> !tile.tile<64x64xf16, bias>
    %4 = tile.move %c : !tile.tile<64x64xf32, acc> -> !tile.tile<64x64xf32, mat>
    return
  }
}

// Tests that every legal tile.extract pair round-trips, with and without a destination.
// CHECK-LABEL: func.func @extract
// CHECK-SAME: (%[[M:.*]]: !tile.tile<64x64xf16, mat>, %[[C:.*]]: !tile.tile<64x64xf32, acc>)
// CHECK: %[[B:.*]] = tile.alloc : !tile.buffer<left, 4096>
// CHECK: tile.extract %[[M]][0, 32] : !tile.tile<64x64xf16, mat> -> !tile.tile<64x32xf16, left>
// CHECK: tile.extract %[[M]][32, 0] : !tile.tile<64x64xf16, mat> -> !tile.tile<32x64xf16, right>
// CHECK: tile.extract %[[M]][63, 0] : !tile.tile<64x64xf16, mat> -> !tile.tile<1x64xf16, bias>
// CHECK: tile.extract %[[C]][0, 0] : !tile.tile<64x64xf32, acc> -> !tile.tile<64x64xf32, mat>
// CHECK: tile.extract %[[C]][16, 16] : !tile.tile<64x64xf32, acc> -> !tile.tile<16x16xf16, mat>
// CHECK: tile.extract %[[M]][0, 32] into(%[[B]] : !tile.buffer<left, 4096>) : !tile.tile<64x64xf16, mat> -> !tile.tile<64x32xf16, left>
func.func @extract(%m: !tile.tile<64x64xf16, mat>, %c: !tile.tile<64x64xf32, acc>) {
  %b = tile.alloc : !tile.buffer<left, 4096>
  %0 = tile.extract %m[0, 32] : !tile.tile<64x64xf16, mat> -> !tile.tile<64x32xf16, left>
  %1 = tile.extract %m[32, 0] : !tile.tile<64x64xf16, mat> -> !tile.tile<32x64xf16, right>
  %2 = tile.extract %m[63, 0] : !tile.tile<64x64xf16, mat> -> !tile.tile<1x64xf16, bias>
  %3 = tile.extract %c[0, 0] : !tile.tile<64x64xf32, acc> -> !tile.tile<64x64xf32, mat>
  %4 = tile.extract %c[16, 16] : !tile.tile<64x64xf32, acc> -> !tile.tile<16x16xf16, mat>
  %5 = tile.extract %m[0, 32] into(%b : !tile.buffer<left, 4096>) : !tile.tile<64x64xf16, mat> -> !tile.tile<64x32xf16, left>
  return
}

// Tests that tile.create round-trips in several spaces, with and without destinations.
// CHECK-LABEL: func.func @create
// CHECK-SAME: (%[[I:.*]]: index)
// CHECK: %[[B:.*]] = tile.alloc : !tile.buffer<acc, 32768, slots = 2>
// CHECK: tile.create : !tile.tile<64x64xf32, vec>
// CHECK: tile.create : !tile.tile<64x64xf16, mat>
// CHECK: tile.create into(%[[B]] : !tile.buffer<acc, 32768, slots = 2>) : !tile.tile<64x64xf32, acc>
// CHECK: tile.create into(%[[B]][16384, 16384] slot %[[I]] : !tile.buffer<acc, 32768, slots = 2>) : !tile.tile<64x64xf32, acc>
// CHECK: tile.create into(%[[B]] slot 1 : !tile.buffer<acc, 32768, slots = 2>) : !tile.tile<64x64xi32, acc>
func.func @create(%i: index) {
  %b = tile.alloc : !tile.buffer<acc, 32768, slots = 2>
  %0 = tile.create : !tile.tile<64x64xf32, vec>
  %1 = tile.create : !tile.tile<64x64xf16, mat>
  %2 = tile.create into(%b : !tile.buffer<acc, 32768, slots = 2>) : !tile.tile<64x64xf32, acc>
  %3 = tile.create into(%b[16384, 16384] slot %i : !tile.buffer<acc, 32768, slots = 2>) : !tile.tile<64x64xf32, acc>
  %4 = tile.create into(%b slot 1 : !tile.buffer<acc, 32768, slots = 2>) : !tile.tile<64x64xi32, acc>
  return
}

// Tests that tile.if_exit_barrier round-trips with one and two tiles.
// CHECK-LABEL: func.func @if_exit_barrier
// CHECK: tile.if_exit_barrier %{{.*}} : !tile.tile<64x64xf32, vec>
// CHECK: tile.if_exit_barrier %{{.*}}, %{{.*}} : !tile.tile<64x64xf32, vec>, !tile.tile<64x64xf32, acc>
func.func @if_exit_barrier(%t: !tile.tile<64x64xf32, vec>, %a: !tile.tile<64x64xf32, acc>) {
  tile.if_exit_barrier %t : !tile.tile<64x64xf32, vec>
  tile.if_exit_barrier %t, %a : !tile.tile<64x64xf32, vec>, !tile.tile<64x64xf32, acc>
  return
}

//===----------------------------------------------------------------------===//
// Vector computation
//===----------------------------------------------------------------------===//

// Tests that tile.add/sub/mul/maximum/minimum/div round-trip, with and without destinations.
// CHECK-LABEL: func.func @binary
// CHECK-SAME: (%[[A:.*]]: !tile.tile<64x64xf32, vec>, %[[B:.*]]: !tile.tile<64x64xf32, vec>, %[[X:.*]]: !tile.tile<32x32xi16, vec>, %[[I:.*]]: index)
// CHECK: %[[BUF:.*]] = tile.alloc : !tile.buffer<vec, 32768, slots = 2>
// CHECK: tile.add %[[A]], %[[B]] : !tile.tile<64x64xf32, vec>
// CHECK: tile.sub %[[A]], %[[B]] into(%[[BUF]] : !tile.buffer<vec, 32768, slots = 2>) : !tile.tile<64x64xf32, vec>
// CHECK: tile.mul %[[A]], %[[B]] into(%[[BUF]][16384, 16384] slot 1 : !tile.buffer<vec, 32768, slots = 2>) : !tile.tile<64x64xf32, vec>
// CHECK: tile.maximum %[[A]], %[[B]] into(%[[BUF]] slot %[[I]] : !tile.buffer<vec, 32768, slots = 2>) : !tile.tile<64x64xf32, vec>
// CHECK: tile.add %[[X]], %[[X]] : !tile.tile<32x32xi16, vec>
// CHECK: tile.maximum %[[X]], %[[X]] {tag} : !tile.tile<32x32xi16, vec>
// CHECK: tile.div %[[A]], %[[B]] into(%[[BUF]] slot 1 : !tile.buffer<vec, 32768, slots = 2>) : !tile.tile<64x64xf32, vec>
// CHECK: tile.minimum %[[X]], %[[X]] : !tile.tile<32x32xi16, vec>
func.func @binary(%a: !tile.tile<64x64xf32, vec>, %b: !tile.tile<64x64xf32, vec>,
                  %x: !tile.tile<32x32xi16, vec>, %i: index) {
  %buf = tile.alloc : !tile.buffer<vec, 32768, slots = 2>
  %0 = tile.add %a, %b : !tile.tile<64x64xf32, vec>
  %1 = tile.sub %a, %b into(%buf : !tile.buffer<vec, 32768, slots = 2>) : !tile.tile<64x64xf32, vec>
  %2 = tile.mul %a, %b into(%buf[16384, 16384] slot 1 : !tile.buffer<vec, 32768, slots = 2>) : !tile.tile<64x64xf32, vec>
  %3 = tile.maximum %a, %b into(%buf slot %i : !tile.buffer<vec, 32768, slots = 2>) : !tile.tile<64x64xf32, vec>
  %4 = tile.add %x, %x : !tile.tile<32x32xi16, vec>
  %5 = tile.maximum %x, %x {tag} : !tile.tile<32x32xi16, vec>
  %6 = tile.div %a, %b into(%buf slot 1 : !tile.buffer<vec, 32768, slots = 2>) : !tile.tile<64x64xf32, vec>
  %7 = tile.minimum %x, %x : !tile.tile<32x32xi16, vec>
  return
}

// Tests that the unary elementwise ops round-trip: the float-only ones on f32
// and f16 tiles, tile.neg on i16 and tile.relu on i32 tiles too.
// CHECK-LABEL: func.func @unary
// CHECK-SAME: (%[[A:.*]]: !tile.tile<64x64xf32, vec>, %[[H:.*]]: !tile.tile<64x64xf16, vec>, %[[S:.*]]: !tile.tile<64x64xi16, vec>, %[[I:.*]]: !tile.tile<64x64xi32, vec>)
// CHECK: %[[BUF:.*]] = tile.alloc : !tile.buffer<vec, 16384>
// CHECK: tile.exp %[[A]] : !tile.tile<64x64xf32, vec>
// CHECK: tile.exp %[[H]] into(%[[BUF]][8192, 8192] : !tile.buffer<vec, 16384>) : !tile.tile<64x64xf16, vec>
// CHECK: tile.log %[[A]] : !tile.tile<64x64xf32, vec>
// CHECK: tile.sqrt %[[H]] : !tile.tile<64x64xf16, vec>
// CHECK: tile.rsqrt %[[A]] into(%[[BUF]] : !tile.buffer<vec, 16384>) : !tile.tile<64x64xf32, vec>
// CHECK: tile.recip %[[A]] {tag} : !tile.tile<64x64xf32, vec>
// CHECK: tile.abs %[[H]] : !tile.tile<64x64xf16, vec>
// CHECK: tile.neg %[[S]] : !tile.tile<64x64xi16, vec>
// CHECK: tile.neg %[[A]] : !tile.tile<64x64xf32, vec>
// CHECK: tile.relu %[[I]] : !tile.tile<64x64xi32, vec>
// CHECK: tile.relu %[[H]] : !tile.tile<64x64xf16, vec>
func.func @unary(%a: !tile.tile<64x64xf32, vec>, %h: !tile.tile<64x64xf16, vec>,
                 %s: !tile.tile<64x64xi16, vec>, %i: !tile.tile<64x64xi32, vec>) {
  %buf = tile.alloc : !tile.buffer<vec, 16384>
  %0 = tile.exp %a : !tile.tile<64x64xf32, vec>
  %1 = tile.exp %h into(%buf[8192, 8192] : !tile.buffer<vec, 16384>) : !tile.tile<64x64xf16, vec>
  %2 = tile.log %a : !tile.tile<64x64xf32, vec>
  %3 = tile.sqrt %h : !tile.tile<64x64xf16, vec>
  %4 = tile.rsqrt %a into(%buf : !tile.buffer<vec, 16384>) : !tile.tile<64x64xf32, vec>
  %5 = tile.recip %a {tag} : !tile.tile<64x64xf32, vec>
  %6 = tile.abs %h : !tile.tile<64x64xf16, vec>
  %7 = tile.neg %s : !tile.tile<64x64xi16, vec>
  %8 = tile.neg %a : !tile.tile<64x64xf32, vec>
  %9 = tile.relu %i : !tile.tile<64x64xi32, vec>
  %10 = tile.relu %h : !tile.tile<64x64xf16, vec>
  return
}

// Tests that tile.adds/muls round-trip with float and integer scalars.
// CHECK-LABEL: func.func @scalar
// CHECK-SAME: (%[[A:.*]]: !tile.tile<64x64xf32, vec>, %[[X:.*]]: !tile.tile<64x64xi8, vec>, %[[S:.*]]: f32, %[[N:.*]]: i32)
// CHECK: %[[BUF:.*]] = tile.alloc : !tile.buffer<vec, 16384>
// CHECK: tile.adds %[[A]], %[[S]] : !tile.tile<64x64xf32, vec>, f32
// CHECK: tile.muls %[[A]], %[[S]] into(%[[BUF]] : !tile.buffer<vec, 16384>) : !tile.tile<64x64xf32, vec>, f32
// CHECK: tile.adds %[[X]], %[[N]] : !tile.tile<64x64xi8, vec>, i32
// CHECK: tile.muls %[[A]], %[[N]] : !tile.tile<64x64xf32, vec>, i32
func.func @scalar(%a: !tile.tile<64x64xf32, vec>, %x: !tile.tile<64x64xi8, vec>,
                  %s: f32, %n: i32) {
  %buf = tile.alloc : !tile.buffer<vec, 16384>
  %0 = tile.adds %a, %s : !tile.tile<64x64xf32, vec>, f32
  %1 = tile.muls %a, %s into(%buf : !tile.buffer<vec, 16384>) : !tile.tile<64x64xf32, vec>, f32
  %2 = tile.adds %x, %n : !tile.tile<64x64xi8, vec>, i32
  %3 = tile.muls %a, %n : !tile.tile<64x64xf32, vec>, i32
  return
}

// Tests that tile.subs/divs/maxs/mins round-trip, on the element types each
// takes.
// CHECK-LABEL: func.func @scalar_forms
// CHECK-SAME: (%[[A:.*]]: !tile.tile<64x64xf32, vec>, %[[X:.*]]: !tile.tile<64x64xi16, vec>, %[[I:.*]]: !tile.tile<64x64xi32, vec>, %[[S:.*]]: f32, %[[N:.*]]: i32)
// CHECK: %[[BUF:.*]] = tile.alloc : !tile.buffer<vec, 16384>
// CHECK: tile.subs %[[A]], %[[S]] : !tile.tile<64x64xf32, vec>, f32
// CHECK: tile.subs %[[I]], %[[N]] into(%[[BUF]] : !tile.buffer<vec, 16384>) : !tile.tile<64x64xi32, vec>, i32
// CHECK: tile.divs %[[A]], %[[N]] : !tile.tile<64x64xf32, vec>, i32
// CHECK: tile.maxs %[[A]], %[[S]] : !tile.tile<64x64xf32, vec>, f32
// CHECK: tile.maxs %[[X]], %[[N]] : !tile.tile<64x64xi16, vec>, i32
// CHECK: tile.mins %[[X]], %[[S]] {tag} : !tile.tile<64x64xi16, vec>, f32
func.func @scalar_forms(%a: !tile.tile<64x64xf32, vec>, %x: !tile.tile<64x64xi16, vec>,
                        %i: !tile.tile<64x64xi32, vec>, %s: f32, %n: i32) {
  %buf = tile.alloc : !tile.buffer<vec, 16384>
  %0 = tile.subs %a, %s : !tile.tile<64x64xf32, vec>, f32
  %1 = tile.subs %i, %n into(%buf : !tile.buffer<vec, 16384>) : !tile.tile<64x64xi32, vec>, i32
  %2 = tile.divs %a, %n : !tile.tile<64x64xf32, vec>, i32
  %3 = tile.maxs %a, %s : !tile.tile<64x64xf32, vec>, f32
  %4 = tile.maxs %x, %n : !tile.tile<64x64xi16, vec>, i32
  %5 = tile.mins %x, %s {tag} : !tile.tile<64x64xi16, vec>, f32
  return
}

// Tests that tile.full round-trips on float and integer tiles (f64 fill value).
// CHECK-LABEL: func.func @full
// CHECK: %[[BUF:.*]] = tile.alloc : !tile.buffer<vec, 16384, slots = 2>
// CHECK: tile.full 0.000000e+00 : !tile.tile<64x64xf32, vec>
// CHECK: tile.full -1.500000e+00 : !tile.tile<64x64xf16, vec>
// CHECK: tile.full 0xFFF0000000000000 : !tile.tile<64x64xf32, vec>
// CHECK: tile.full 7.000000e+00 into(%[[BUF]] slot 1 : !tile.buffer<vec, 16384, slots = 2>) : !tile.tile<64x64xi32, vec>
func.func @full() {
  %buf = tile.alloc : !tile.buffer<vec, 16384, slots = 2>
  %0 = tile.full 0.0 : !tile.tile<64x64xf32, vec>
  %1 = tile.full -1.5 : !tile.tile<64x64xf16, vec>
  %2 = tile.full 0xFFF0000000000000 : !tile.tile<64x64xf32, vec>
  %3 = tile.full 7.0 into(%buf slot 1 : !tile.buffer<vec, 16384, slots = 2>) : !tile.tile<64x64xi32, vec>
  return
}

// Tests that tile.transpose round-trips with and without a destination.
// CHECK-LABEL: func.func @transpose(
// CHECK-SAME: %[[A:.*]]: !tile.tile<64x32xf32, vec>)
// CHECK: %[[BUF:.*]] = tile.alloc : !tile.buffer<vec, 8192>
// CHECK: tile.transpose %[[A]] : !tile.tile<64x32xf32, vec> -> !tile.tile<32x64xf32, vec>
// CHECK: tile.transpose %[[A]] into(%[[BUF]] : !tile.buffer<vec, 8192>) : !tile.tile<64x32xf32, vec> -> !tile.tile<32x64xf32, vec>
func.func @transpose(%a: !tile.tile<64x32xf32, vec>) {
  %buf = tile.alloc : !tile.buffer<vec, 8192>
  %0 = tile.transpose %a : !tile.tile<64x32xf32, vec> -> !tile.tile<32x64xf32, vec>
  %1 = tile.transpose %a into(%buf : !tile.buffer<vec, 8192>) : !tile.tile<64x32xf32, vec> -> !tile.tile<32x64xf32, vec>
  return
}

// Tests that tile.row_max/row_min (i16 to f32) and tile.col_sum/col_max (f16,
// f32) round-trip.
// CHECK-LABEL: func.func @reductions
// CHECK: tile.row_max %{{.*}} : !tile.tile<64x64xf32, vec> -> !tile.tile<64x1xf32, vec>
// CHECK: tile.row_min %{{.*}} into(%{{.*}} : !tile.buffer<vec, 256>) : !tile.tile<64x64xi32, vec> -> !tile.tile<64x1xi32, vec>
// CHECK: tile.row_max %{{.*}} {tile.scratch_addr = 1024 : i64} : !tile.tile<32x32xi16, vec> -> !tile.tile<32x1xi16, vec>
// CHECK: tile.col_sum %{{.*}} : !tile.tile<64x64xf32, vec> -> !tile.tile<1x64xf32, vec>
// CHECK: tile.col_max %{{.*}} : !tile.tile<16x32xf16, vec> -> !tile.tile<1x32xf16, vec>
func.func @reductions(%a: !tile.tile<64x64xf32, vec>, %i: !tile.tile<64x64xi32, vec>,
                      %x: !tile.tile<32x32xi16, vec>, %h: !tile.tile<16x32xf16, vec>) {
  %buf = tile.alloc : !tile.buffer<vec, 256>
  %0 = tile.row_max %a : !tile.tile<64x64xf32, vec> -> !tile.tile<64x1xf32, vec>
  %1 = tile.row_min %i into(%buf : !tile.buffer<vec, 256>) : !tile.tile<64x64xi32, vec> -> !tile.tile<64x1xi32, vec>
  %2 = tile.row_max %x {tile.scratch_addr = 1024 : i64} : !tile.tile<32x32xi16, vec> -> !tile.tile<32x1xi16, vec>
  %3 = tile.col_sum %a : !tile.tile<64x64xf32, vec> -> !tile.tile<1x64xf32, vec>
  %4 = tile.col_max %h : !tile.tile<16x32xf16, vec> -> !tile.tile<1x32xf16, vec>
  return
}

// Tests that the broadcasts round-trip: row_expand_* with a column,
// col_expand_* with a row, row_expand / col_expand of a vector.
// CHECK-LABEL: func.func @broadcasts
// CHECK-SAME: (%[[A:.*]]: !tile.tile<64x32xf32, vec>, %[[C:.*]]: !tile.tile<64x1xf32, vec>, %[[R:.*]]: !tile.tile<1x32xf32, vec>, %[[X:.*]]: !tile.tile<64x32xi32, vec>, %[[XC:.*]]: !tile.tile<64x1xi32, vec>)
// CHECK: tile.row_expand_add %[[A]], %[[C]] : !tile.tile<64x32xf32, vec>, !tile.tile<64x1xf32, vec>
// CHECK: tile.row_expand_sub %[[X]], %[[XC]] : !tile.tile<64x32xi32, vec>, !tile.tile<64x1xi32, vec>
// CHECK: tile.row_expand_div %[[A]], %[[C]] into(%{{.*}} : !tile.buffer<vec, 8192>) : !tile.tile<64x32xf32, vec>, !tile.tile<64x1xf32, vec>
// CHECK: tile.row_expand_max %[[A]], %[[C]] {tag} : !tile.tile<64x32xf32, vec>, !tile.tile<64x1xf32, vec>
// CHECK: tile.col_expand_add %[[A]], %[[R]] : !tile.tile<64x32xf32, vec>, !tile.tile<1x32xf32, vec>
// CHECK: tile.col_expand_sub %[[A]], %[[R]] : !tile.tile<64x32xf32, vec>, !tile.tile<1x32xf32, vec>
// CHECK: tile.col_expand_mul %[[A]], %[[R]] : !tile.tile<64x32xf32, vec>, !tile.tile<1x32xf32, vec>
// CHECK: tile.col_expand_div %[[A]], %[[R]] : !tile.tile<64x32xf32, vec>, !tile.tile<1x32xf32, vec>
// CHECK: tile.col_expand_max %[[A]], %[[R]] : !tile.tile<64x32xf32, vec>, !tile.tile<1x32xf32, vec>
// CHECK: tile.row_expand %[[C]] : !tile.tile<64x1xf32, vec> -> !tile.tile<64x32xf32, vec>
// CHECK: tile.col_expand %[[R]] into(%{{.*}} : !tile.buffer<vec, 8192>) : !tile.tile<1x32xf32, vec> -> !tile.tile<64x32xf32, vec>
// CHECK: tile.row_expand_min %[[X]], %[[XC]] : !tile.tile<64x32xi32, vec>, !tile.tile<64x1xi32, vec>
// CHECK: tile.col_expand_min %[[A]], %[[R]] : !tile.tile<64x32xf32, vec>, !tile.tile<1x32xf32, vec>
func.func @broadcasts(%a: !tile.tile<64x32xf32, vec>, %c: !tile.tile<64x1xf32, vec>,
                      %r: !tile.tile<1x32xf32, vec>, %x: !tile.tile<64x32xi32, vec>,
                      %xc: !tile.tile<64x1xi32, vec>) {
  %buf = tile.alloc : !tile.buffer<vec, 8192>
  %0 = tile.row_expand_add %a, %c : !tile.tile<64x32xf32, vec>, !tile.tile<64x1xf32, vec>
  %1 = tile.row_expand_sub %x, %xc : !tile.tile<64x32xi32, vec>, !tile.tile<64x1xi32, vec>
  %2 = tile.row_expand_div %a, %c into(%buf : !tile.buffer<vec, 8192>) : !tile.tile<64x32xf32, vec>, !tile.tile<64x1xf32, vec>
  %3 = tile.row_expand_max %a, %c {tag} : !tile.tile<64x32xf32, vec>, !tile.tile<64x1xf32, vec>
  %4 = tile.col_expand_add %a, %r : !tile.tile<64x32xf32, vec>, !tile.tile<1x32xf32, vec>
  %5 = tile.col_expand_sub %a, %r : !tile.tile<64x32xf32, vec>, !tile.tile<1x32xf32, vec>
  %6 = tile.col_expand_mul %a, %r : !tile.tile<64x32xf32, vec>, !tile.tile<1x32xf32, vec>
  %7 = tile.col_expand_div %a, %r : !tile.tile<64x32xf32, vec>, !tile.tile<1x32xf32, vec>
  %8 = tile.col_expand_max %a, %r : !tile.tile<64x32xf32, vec>, !tile.tile<1x32xf32, vec>
  %9 = tile.row_expand %c : !tile.tile<64x1xf32, vec> -> !tile.tile<64x32xf32, vec>
  %10 = tile.col_expand %r into(%buf : !tile.buffer<vec, 8192>) : !tile.tile<1x32xf32, vec> -> !tile.tile<64x32xf32, vec>
  %11 = tile.row_expand_min %x, %xc : !tile.tile<64x32xi32, vec>, !tile.tile<64x1xi32, vec>
  %12 = tile.col_expand_min %a, %r : !tile.tile<64x32xf32, vec>, !tile.tile<1x32xf32, vec>
  return
}

// Tests that tile.row_sum and tile.row_expand_mul round-trip, with and without destinations.
// CHECK-LABEL: func.func @row_ops
// CHECK-SAME: (%[[A:.*]]: !tile.tile<64x64xf32, vec>)
// CHECK: %[[BUF:.*]] = tile.alloc : !tile.buffer<vec, 16640>
// CHECK: %[[S:.*]] = tile.row_sum %[[A]] : !tile.tile<64x64xf32, vec> -> !tile.tile<64x1xf32, vec>
// CHECK: %[[S2:.*]] = tile.row_sum %[[A]] into(%[[BUF]][16384, 256] : !tile.buffer<vec, 16640>) : !tile.tile<64x64xf32, vec> -> !tile.tile<64x1xf32, vec>
// CHECK: tile.row_expand_mul %[[A]], %[[S]] : !tile.tile<64x64xf32, vec>, !tile.tile<64x1xf32, vec>
// CHECK: tile.row_expand_mul %[[A]], %[[S2]] into(%[[BUF]][0, 16384] : !tile.buffer<vec, 16640>) : !tile.tile<64x64xf32, vec>, !tile.tile<64x1xf32, vec>
func.func @row_ops(%a: !tile.tile<64x64xf32, vec>) {
  %buf = tile.alloc : !tile.buffer<vec, 16640>
  %s = tile.row_sum %a : !tile.tile<64x64xf32, vec> -> !tile.tile<64x1xf32, vec>
  %s2 = tile.row_sum %a into(%buf[16384, 256] : !tile.buffer<vec, 16640>) : !tile.tile<64x64xf32, vec> -> !tile.tile<64x1xf32, vec>
  %0 = tile.row_expand_mul %a, %s : !tile.tile<64x64xf32, vec>, !tile.tile<64x1xf32, vec>
  %1 = tile.row_expand_mul %a, %s2 into(%buf[0, 16384] : !tile.buffer<vec, 16640>) : !tile.tile<64x64xf32, vec>, !tile.tile<64x1xf32, vec>
  return
}

//===----------------------------------------------------------------------===//
// Cube computation
//===----------------------------------------------------------------------===//

// Tests that tile.matmul round-trips for f16, bf16 and i8 operands, with and without a destination.
// CHECK-LABEL: func.func @matmul(
// CHECK-SAME: %[[L:.*]]: !tile.tile<64x32xf16, left>, %[[R:.*]]: !tile.tile<32x64xf16, right>, %[[LB:.*]]: !tile.tile<16x16xbf16, left>, %[[RB:.*]]: !tile.tile<16x16xbf16, right>, %[[LI:.*]]: !tile.tile<16x32xi8, left>, %[[RI:.*]]: !tile.tile<32x16xi8, right>)
// CHECK: %[[BUF:.*]] = tile.alloc : !tile.buffer<acc, 16384, slots = 2>
// CHECK: tile.matmul %[[L]], %[[R]] : !tile.tile<64x32xf16, left>, !tile.tile<32x64xf16, right> -> !tile.tile<64x64xf32, acc>
// CHECK: tile.matmul %[[L]], %[[R]] into(%[[BUF]] slot 1 : !tile.buffer<acc, 16384, slots = 2>) : !tile.tile<64x32xf16, left>, !tile.tile<32x64xf16, right> -> !tile.tile<64x64xf32, acc>
// CHECK: tile.matmul %[[LB]], %[[RB]] : !tile.tile<16x16xbf16, left>, !tile.tile<16x16xbf16, right> -> !tile.tile<16x16xf32, acc>
// CHECK: tile.matmul %[[LI]], %[[RI]] : !tile.tile<16x32xi8, left>, !tile.tile<32x16xi8, right> -> !tile.tile<16x16xi32, acc>
func.func @matmul(%l: !tile.tile<64x32xf16, left>, %r: !tile.tile<32x64xf16, right>,
                  %lb: !tile.tile<16x16xbf16, left>, %rb: !tile.tile<16x16xbf16, right>,
                  %li: !tile.tile<16x32xi8, left>, %ri: !tile.tile<32x16xi8, right>) {
  %buf = tile.alloc : !tile.buffer<acc, 16384, slots = 2>
  %0 = tile.matmul %l, %r : !tile.tile<64x32xf16, left>, !tile.tile<32x64xf16, right> -> !tile.tile<64x64xf32, acc>
  %1 = tile.matmul %l, %r into(%buf slot 1 : !tile.buffer<acc, 16384, slots = 2>) : !tile.tile<64x32xf16, left>, !tile.tile<32x64xf16, right> -> !tile.tile<64x64xf32, acc>
  %2 = tile.matmul %lb, %rb : !tile.tile<16x16xbf16, left>, !tile.tile<16x16xbf16, right> -> !tile.tile<16x16xf32, acc>
  %3 = tile.matmul %li, %ri : !tile.tile<16x32xi8, left>, !tile.tile<32x16xi8, right> -> !tile.tile<16x16xi32, acc>
  return
}

// Tests that tile.matmul_acc round-trips without and with `init_cond`.
// CHECK-LABEL: func.func @matmul_acc
// CHECK-SAME: (%[[C:.*]]: !tile.tile<64x64xf32, acc>, %[[L:.*]]: !tile.tile<64x32xf16, left>, %[[R:.*]]: !tile.tile<32x64xf16, right>, %[[F:.*]]: i1)
// CHECK: %[[C1:.*]] = tile.matmul_acc %[[C]], %[[L]], %[[R]] : !tile.tile<64x64xf32, acc>, !tile.tile<64x32xf16, left>, !tile.tile<32x64xf16, right>
// CHECK: %[[C2:.*]] = tile.matmul_acc %[[C1]], %[[L]], %[[R]] init_cond %[[F]] : !tile.tile<64x64xf32, acc>, !tile.tile<64x32xf16, left>, !tile.tile<32x64xf16, right>
// CHECK: return %[[C2]]
func.func @matmul_acc(%c: !tile.tile<64x64xf32, acc>, %l: !tile.tile<64x32xf16, left>,
                      %r: !tile.tile<32x64xf16, right>, %first: i1)
    -> !tile.tile<64x64xf32, acc> {
  %c1 = tile.matmul_acc %c, %l, %r : !tile.tile<64x64xf32, acc>, !tile.tile<64x32xf16, left>, !tile.tile<32x64xf16, right>
  %c2 = tile.matmul_acc %c1, %l, %r init_cond %first : !tile.tile<64x64xf32, acc>, !tile.tile<64x32xf16, left>, !tile.tile<32x64xf16, right>
  return %c2 : !tile.tile<64x64xf32, acc>
}

// Tests that tile.write round-trips with float and integer scalars.
// CHECK-LABEL: func.func @write
// CHECK-SAME: (%[[T:.*]]: !tile.tile<64x64xf32, vec>, %[[X:.*]]: !tile.tile<8x8xi32, vec>, %[[I:.*]]: index, %[[J:.*]]: index, %[[V:.*]]: f32, %[[N:.*]]: i32)
// CHECK: %[[T1:.*]] = tile.write %[[T]][%[[I]], %[[J]]], %[[V]] : !tile.tile<64x64xf32, vec>, f32
// CHECK: tile.write %[[T1]][%[[J]], %[[I]]], %[[V]] : !tile.tile<64x64xf32, vec>, f32
// CHECK: tile.write %[[X]][%[[I]], %[[I]]], %[[N]] : !tile.tile<8x8xi32, vec>, i32
func.func @write(%t: !tile.tile<64x64xf32, vec>, %x: !tile.tile<8x8xi32, vec>,
                 %i: index, %j: index, %v: f32, %n: i32) {
  %t1 = tile.write %t[%i, %j], %v : !tile.tile<64x64xf32, vec>, f32
  %t2 = tile.write %t1[%j, %i], %v : !tile.tile<64x64xf32, vec>, f32
  %x1 = tile.write %x[%i, %i], %n : !tile.tile<8x8xi32, vec>, i32
  return
}

//===----------------------------------------------------------------------===//
// Views and first-input aliases
//===----------------------------------------------------------------------===//

// Tests that tile.reshape round-trips in vec and mat.
// CHECK-LABEL: func.func @reshape
// CHECK: tile.reshape %{{.*}} : !tile.tile<64x64xf32, vec> -> !tile.tile<128x32xf32, vec>
// CHECK: tile.reshape %{{.*}} : !tile.tile<64x64xf32, vec> -> !tile.tile<4096x1xf32, vec>
// CHECK: tile.reshape %{{.*}} : !tile.tile<64x64xf16, mat> -> !tile.tile<32x128xf16, mat>
func.func @reshape(%a: !tile.tile<64x64xf32, vec>, %m: !tile.tile<64x64xf16, mat>) {
  %0 = tile.reshape %a : !tile.tile<64x64xf32, vec> -> !tile.tile<128x32xf32, vec>
  %1 = tile.reshape %a : !tile.tile<64x64xf32, vec> -> !tile.tile<4096x1xf32, vec>
  %2 = tile.reshape %m : !tile.tile<64x64xf16, mat> -> !tile.tile<32x128xf16, mat>
  return
}

// Tests that tile.slice round-trips for row, column and whole-tile blocks.
// CHECK-LABEL: func.func @slice(
// CHECK-SAME: %[[A:.*]]: !tile.tile<64x64xf32, vec>, %[[C:.*]]: !tile.tile<64x64xf32, acc>)
// CHECK: tile.slice %[[A]][16, 0] : !tile.tile<64x64xf32, vec> -> !tile.tile<16x64xf32, vec>
// CHECK: tile.slice %[[A]][0, 32] : !tile.tile<64x64xf32, vec> -> !tile.tile<64x32xf32, vec>
// CHECK: tile.slice %[[C]][0, 0] : !tile.tile<64x64xf32, acc> -> !tile.tile<64x64xf32, acc>
func.func @slice(%a: !tile.tile<64x64xf32, vec>, %c: !tile.tile<64x64xf32, acc>) {
  %0 = tile.slice %a[16, 0] : !tile.tile<64x64xf32, vec> -> !tile.tile<16x64xf32, vec>
  %1 = tile.slice %a[0, 32] : !tile.tile<64x64xf32, vec> -> !tile.tile<64x32xf32, vec>
  %2 = tile.slice %c[0, 0] : !tile.tile<64x64xf32, acc> -> !tile.tile<64x64xf32, acc>
  return
}

// Tests that tile.transpose_view round-trips in vec and mat.
// CHECK-LABEL: func.func @transpose_view
// CHECK: tile.transpose_view %{{.*}} : !tile.tile<64x32xf32, vec> -> !tile.tile<32x64xf32, vec>
// CHECK: tile.transpose_view %{{.*}} : !tile.tile<64x32xf16, mat> -> !tile.tile<32x64xf16, mat>
func.func @transpose_view(%a: !tile.tile<64x32xf32, vec>, %m: !tile.tile<64x32xf16, mat>) {
  %0 = tile.transpose_view %a : !tile.tile<64x32xf32, vec> -> !tile.tile<32x64xf32, vec>
  %1 = tile.transpose_view %m : !tile.tile<64x32xf16, mat> -> !tile.tile<32x64xf16, mat>
  return
}

// Tests that tile.assemble round-trips, chained, in vec and mat.
// CHECK-LABEL: func.func @assemble
// CHECK-SAME: (%[[T:.*]]: !tile.tile<64x64xf32, vec>, %[[S:.*]]: !tile.tile<16x64xf32, vec>, %[[M:.*]]: !tile.tile<64x64xf16, mat>, %[[N:.*]]: !tile.tile<64x32xf16, mat>)
// CHECK: %[[T1:.*]] = tile.assemble %[[T]], %[[S]][0, 0] : !tile.tile<64x64xf32, vec>, !tile.tile<16x64xf32, vec>
// CHECK: tile.assemble %[[T1]], %[[S]][48, 0] : !tile.tile<64x64xf32, vec>, !tile.tile<16x64xf32, vec>
// CHECK: tile.assemble %[[M]], %[[N]][0, 32] : !tile.tile<64x64xf16, mat>, !tile.tile<64x32xf16, mat>
func.func @assemble(%t: !tile.tile<64x64xf32, vec>, %s: !tile.tile<16x64xf32, vec>,
                    %m: !tile.tile<64x64xf16, mat>, %n: !tile.tile<64x32xf16, mat>) {
  %t1 = tile.assemble %t, %s[0, 0] : !tile.tile<64x64xf32, vec>, !tile.tile<16x64xf32, vec>
  %t2 = tile.assemble %t1, %s[48, 0] : !tile.tile<64x64xf32, vec>, !tile.tile<16x64xf32, vec>
  %m1 = tile.assemble %m, %n[0, 32] : !tile.tile<64x64xf16, mat>, !tile.tile<64x32xf16, mat>
  return
}

//===----------------------------------------------------------------------===//
// Regions and function attributes
//===----------------------------------------------------------------------===//

// Tests that tile.scope without results round-trips with its terminator elided.
// CHECK-LABEL: func.func @scope_no_results
// CHECK-SAME: (%[[A:.*]]: !tile.tile<64x64xf32, vec>)
// CHECK: tile.scope "split_aiv" {
// CHECK-NEXT: tile.add %[[A]], %[[A]] : !tile.tile<64x64xf32, vec>
// CHECK-NEXT: }
// CHECK: tile.scope "empty" {
// CHECK-NEXT: }
func.func @scope_no_results(%a: !tile.tile<64x64xf32, vec>) {
  tile.scope "split_aiv" {
    %0 = tile.add %a, %a : !tile.tile<64x64xf32, vec>
  }
  tile.scope "empty" {
    tile.scope_yield
  }
  return
}

// Tests that tile.scope with one and with several results round-trips.
// CHECK-LABEL: func.func @scope_results
// CHECK-SAME: (%[[A:.*]]: !tile.tile<64x64xf32, vec>, %[[T:.*]]: !tile.tensor<64x64xf32>, %[[I:.*]]: index)
// CHECK: %[[R:.*]] = tile.scope "split_aiv" -> !tile.tile<64x64xf32, vec> {
// CHECK-NEXT: %[[X:.*]] = tile.add %[[A]], %[[A]] : !tile.tile<64x64xf32, vec>
// CHECK-NEXT: tile.scope_yield %[[X]] : !tile.tile<64x64xf32, vec>
// CHECK-NEXT: }
// CHECK: %[[RS:.*]]:2 = tile.scope "pipe" -> !tile.tile<64x64xf32, vec>, !tile.tensor<64x64xf32> {
// CHECK-NEXT: %[[U:.*]] = tile.store %[[R]], %[[T]][%[[I]], %[[I]]] : !tile.tile<64x64xf32, vec>, !tile.tensor<64x64xf32>
// CHECK-NEXT: tile.scope_yield %[[R]], %[[U]] : !tile.tile<64x64xf32, vec>, !tile.tensor<64x64xf32>
// CHECK-NEXT: }
// CHECK: return %[[RS]]#1
func.func @scope_results(%a: !tile.tile<64x64xf32, vec>, %t: !tile.tensor<64x64xf32>,
                         %i: index) -> !tile.tensor<64x64xf32> {
  %r = tile.scope "split_aiv" -> !tile.tile<64x64xf32, vec> {
    %x = tile.add %a, %a : !tile.tile<64x64xf32, vec>
    tile.scope_yield %x : !tile.tile<64x64xf32, vec>
  }
  %rs:2 = tile.scope "pipe" -> !tile.tile<64x64xf32, vec>, !tile.tensor<64x64xf32> {
    %u = tile.store %r, %t[%i, %i] : !tile.tile<64x64xf32, vec>, !tile.tensor<64x64xf32>
    tile.scope_yield %r, %u : !tile.tile<64x64xf32, vec>, !tile.tensor<64x64xf32>
  }
  return %rs#1 : !tile.tensor<64x64xf32>
}

// Tests that the `tile.orchestration` function attribute round-trips around scf.for.
// CHECK-LABEL: func.func @orchestration
// CHECK-SAME: (%[[A:.*]]: !tile.tensor<256x64xf32>, %[[B:.*]]: !tile.tensor<256x64xf32>) -> !tile.tensor<256x64xf32> attributes {tile.orchestration}
// CHECK: %[[R:.*]] = scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[ACC:.*]] = %[[B]]) -> (!tile.tensor<256x64xf32>)
// CHECK-NEXT: %[[T:.*]] = tile.load %[[A]][%[[I]], %{{.*}}] : !tile.tensor<256x64xf32> -> !tile.tile<64x64xf32, vec>
// CHECK-NEXT: %[[B1:.*]] = tile.store %[[T]], %[[ACC]][%[[I]], %{{.*}}] : !tile.tile<64x64xf32, vec>, !tile.tensor<256x64xf32>
// CHECK-NEXT: scf.yield %[[B1]] : !tile.tensor<256x64xf32>
// CHECK: return %[[R]] : !tile.tensor<256x64xf32>
func.func @orchestration(%A: !tile.tensor<256x64xf32>, %B: !tile.tensor<256x64xf32>)
    -> !tile.tensor<256x64xf32> attributes {tile.orchestration} {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %c256 = arith.constant 256 : index
  %r = scf.for %i = %c0 to %c256 step %c64 iter_args(%b = %B) -> (!tile.tensor<256x64xf32>) {
    %t = tile.load %A[%i, %c0] : !tile.tensor<256x64xf32> -> !tile.tile<64x64xf32, vec>
    %b1 = tile.store %t, %b[%i, %c0] : !tile.tile<64x64xf32, vec>, !tile.tensor<256x64xf32>
    scf.yield %b1 : !tile.tensor<256x64xf32>
  }
  return %r : !tile.tensor<256x64xf32>
}

// Tests that the address planner's scratch address of a transpose and a
// row sum round-trips.
// CHECK-LABEL: func.func @scratch_addr(
// CHECK: tile.transpose %{{.*}} {tile.scratch_addr = 512 : i64} : !tile.tile<8x8xf32, vec> -> !tile.tile<8x8xf32, vec>
// CHECK: tile.row_sum %{{.*}} {tile.scratch_addr = 768 : i64} : !tile.tile<8x8xf32, vec> -> !tile.tile<8x1xf32, vec>
func.func @scratch_addr(%a: !tile.tile<8x8xf32, vec>) -> (!tile.tile<8x8xf32, vec>, !tile.tile<8x1xf32, vec>) {
  %t = tile.transpose %a {tile.scratch_addr = 512 : i64} : !tile.tile<8x8xf32, vec> -> !tile.tile<8x8xf32, vec>
  %s = tile.row_sum %a {tile.scratch_addr = 768 : i64} : !tile.tile<8x8xf32, vec> -> !tile.tile<8x1xf32, vec>
  return %t, %s : !tile.tile<8x8xf32, vec>, !tile.tile<8x1xf32, vec>
}
