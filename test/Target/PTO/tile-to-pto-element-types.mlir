// RUN: tile-opt %s --tile-memory-pipeline | tile-translate --tile-to-pto | FileCheck %s
// RUN: sed 's/"a5"/"a3"/' %s | tile-opt --tile-memory-pipeline | not tile-translate --tile-to-pto 2>&1 | FileCheck %s --check-prefix=A3

// The element types ptoas accepts differ by arch (PTO_ElementTypes in
// PTOOps.td): what its A2/A3 verifier rejects is refused on a3 and emitted
// on a5.

// Tests that an i8 tile.add is emitted as pto.tadd on a5 and refused on a3.
// CHECK-LABEL: func.func @add_i8
// CHECK:         pto.tadd
// A3: error: 'tile.add' op cannot be emitted to PTO: ptoas's A2/A3 pto.tadd takes element types i32/i16/f16/f32, not i8
module attributes {tile.target_arch = "a5"} {
func.func @add_i8(%A: !tile.tensor<16x64xi8>) -> !tile.tensor<16x64xi8> {
  %c0 = arith.constant 0 : index
  %x = tile.load %A[%c0, %c0] : !tile.tensor<16x64xi8> -> !tile.tile<16x64xi8, vec>
  %y = tile.add %x, %x : !tile.tile<16x64xi8, vec>
  %A1 = tile.store %y, %A[%c0, %c0] : !tile.tile<16x64xi8, vec>, !tile.tensor<16x64xi8>
  return %A1 : !tile.tensor<16x64xi8>
}
}
