// An scf.while whose result is read inside an scf.if (found by the fuzzer's
// scalar constructs): ptoas 0.27's SCFWhileToCF lowers a while only when
// every use of its results is in the while's own block, and otherwise fails
// with "Unsupported SCF op remained after pre-lowering". tilemem reads the
// result through an index_cast to i64 and back, next to the while.
func.func @while_result_in_if(%A: !tile.tensor<16x16xf32>, %n: index, %c: i1) -> !tile.tensor<16x16xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %x = tile.load %A[%c0, %c0] : !tile.tensor<16x16xf32> -> !tile.tile<16x16xf32, vec>
  %r = scf.while (%i = %c0) : (index) -> index {
    %go = arith.cmpi slt, %i, %n : index
    scf.condition(%go) %i : index
  } do {
  ^bb0(%i: index):
    %next = arith.addi %i, %c1 : index
    scf.yield %next : index
  }
  %y = scf.if %c -> (!tile.tile<16x16xf32, vec>) {
    %k = arith.index_cast %r : index to i32
    %f = arith.sitofp %k : i32 to f32
    %z = tile.adds %x, %f : !tile.tile<16x16xf32, vec>, f32
    scf.yield %z : !tile.tile<16x16xf32, vec>
  } else {
    scf.yield %x : !tile.tile<16x16xf32, vec>
  }
  %A1 = tile.store %y, %A[%c0, %c0] : !tile.tile<16x16xf32, vec>, !tile.tensor<16x16xf32>
  return %A1 : !tile.tensor<16x16xf32>
}
